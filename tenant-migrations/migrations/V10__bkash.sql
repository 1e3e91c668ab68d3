-- The gateway's own id of an order's payment where it is not our tran_id (bKash's paymentID).
ALTER TABLE orders ADD COLUMN gateway_ref text;
CREATE UNIQUE INDEX orders_gateway_ref ON orders (gateway, gateway_ref) WHERE gateway_ref IS NOT NULL;
