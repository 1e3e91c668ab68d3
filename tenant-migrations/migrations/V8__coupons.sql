-- Coupons of a site: a percentage or a fixed amount off, within dates, for all or some courses
-- (by course or category), with a total and a per-learner limit. `used` counts orders holding the
-- coupon (pending, under review or paid); it is taken by a conditional UPDATE, so concurrent
-- buyers never pass the limit, and given back when an order fails, is cancelled or expires.
CREATE TABLE coupons (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code          text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{3,32}$'),
    kind          text NOT NULL CHECK (kind IN ('percent', 'fixed')),
    percent       smallint CHECK (percent BETWEEN 1 AND 100),
    amount_poisha bigint CHECK (amount_poisha > 0),
    starts_on     date,
    ends_on       date,
    max_uses      int CHECK (max_uses > 0),
    per_learner   int NOT NULL DEFAULT 1 CHECK (per_learner > 0),
    used          int NOT NULL DEFAULT 0 CHECK (used >= 0),
    course_ids    bigint[] NOT NULL DEFAULT '{}',
    category_ids  bigint[] NOT NULL DEFAULT '{}',
    active        boolean NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT coupons_code UNIQUE (code),
    CONSTRAINT coupons_value CHECK ((kind = 'percent') = (percent IS NOT NULL) AND (kind = 'fixed') = (amount_poisha IS NOT NULL)),
    CONSTRAINT coupons_dates CHECK (ends_on IS NULL OR starts_on IS NULL OR ends_on >= starts_on)
);

-- What an order cost before its coupon; a coupon may bring it to nothing (then no gateway is
-- involved and the order is paid at once).
ALTER TABLE orders
    ADD COLUMN coupon_id bigint REFERENCES coupons ON DELETE RESTRICT,
    ADD COLUMN list_price_poisha bigint,
    ADD COLUMN discount_poisha bigint NOT NULL DEFAULT 0 CHECK (discount_poisha >= 0),
    DROP CONSTRAINT orders_amount_poisha_check,
    ADD CONSTRAINT orders_amount CHECK (amount_poisha >= 0);
UPDATE orders SET list_price_poisha = amount_poisha;
ALTER TABLE orders ALTER COLUMN list_price_poisha SET NOT NULL;
CREATE INDEX orders_coupon ON orders (coupon_id, user_id) WHERE coupon_id IS NOT NULL;
