# Shared by infra/run and infra/test: install what a fresh Debian machine lacks and start the
# local services (a private PostgreSQL cluster, the S3-compatible server) under .data/.
# shellcheck shell=bash

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="$HOME/.cargo/bin:$PATH"
PIDS=()

log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

APT_UPDATED=
apt_install() {
    local missing=()
    for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing ${missing[*]} (Debian packages)"
    if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

pg_bin() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [ -n "$dir" ] || return 1
    echo "$dir"
}

ensure_postgres_binaries() {
    pg_bin >/dev/null || apt_install postgresql
    pg_bin >/dev/null || die "PostgreSQL binaries not found after installing postgresql"
}

ensure_s3_server() {
    command -v s3s-fs >/dev/null && return 0
    log "installing s3s-fs 0.14.1 (local S3-compatible server; about 3 minutes)"
    cargo install --quiet --locked s3s-fs@0.14.1 --features binary || cargo install --quiet s3s-fs@0.14.1 --features binary
}

ensure_node_modules() {
    if [ ! -d "$ROOT/web/node_modules" ] || [ "$ROOT/web/package-lock.json" -nt "$ROOT/web/node_modules/.package-lock.json" ]; then
        log "installing web packages (npm ci)"
        (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

build_web() {
    ensure_node_modules
    log "building the web app"
    (cd "$ROOT/web" && npm run --silent build >/dev/null)
}

# Runs a command as the postgres system user when we are root (initdb refuses root).
as_pg() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# start_postgres DATA_DIR PORT DBNAME: a private cluster, trust auth on 127.0.0.1 only. Its WAL is
# logical, so a tenant can be moved off it by logical replication (provisioner move-tenant).
start_postgres() {
    local dir=$1 port=$2 db=$3 bin
    ensure_postgres_binaries
    bin=$(pg_bin)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --home "$dir" postgres
        chown postgres "$dir"
    fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        log "creating a PostgreSQL cluster in $dir/data"
        as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_pg "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
        log "starting PostgreSQL on 127.0.0.1:$port"
        as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c max_locks_per_transaction=1024 -c shared_buffers=${PG_SHARED_BUFFERS:-256MB} -c fsync=off -c wal_level=logical -c max_replication_slots=32 -c max_wal_senders=32" start >/dev/null
    fi
    PG_STOPS+=("$bin/pg_ctl -D $dir/data -m fast stop")
    "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 \
        || "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -qc "CREATE DATABASE $db" >/dev/null
    export DATABASE_URL="postgres://postgres@127.0.0.1:$port/$db"
}

# in_group_as_pg CMD...: runs CMD in the background in a process group of its own (a fault drill
# kills a whole node), as the postgres system user when we are root.
in_group_as_pg() {
    if [ "$(id -u)" = 0 ]; then setsid runuser -u postgres -- "$@" & else setsid "$@" & fi
}

# start_formation DATA_DIR PORT DBNAME: a database server with high availability, managed by
# pg_auto_failover (Debian's postgresql-15-auto-failover): its monitor on PORT, a primary on
# PORT+1 and a synchronous standby on PORT+2, trust auth on 127.0.0.1. When the primary is lost
# the monitor promotes the standby. A commit is acknowledged only once the standby has it, so no
# acknowledged write is lost. The monitor's health checks are tightened for one machine, where a
# lost node is gone rather than cut off: a failover takes seconds instead of the default's 30 or
# more (README, "High availability"). Exports FORMATION_NODES (host:port of both nodes).
start_formation() {
    local dir=$1 port=$2 db=$3 bin n node
    local autoctl=(env XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/share" pg_autoctl)
    ensure_postgres_binaries
    bin=$(pg_bin)
    apt_install "postgresql-$(basename "$(dirname "$bin")")-auto-failover" pg-auto-failover-cli
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --home "$dir" postgres
        chown postgres "$dir"
    fi
    cd "$dir" || return 1
    if [ ! -f "$dir/monitor/PG_VERSION" ]; then
        log "creating a pg_auto_failover formation in $dir (monitor on 127.0.0.1:$port)"
        as_pg "${autoctl[@]}" create monitor --pgctl "$bin/pg_ctl" --pgdata "$dir/monitor" --pgport "$port" \
            --hostname 127.0.0.1 --auth trust --no-ssl >>"$dir/create.log" 2>&1 || { cat "$dir/create.log" >&2; return 1; }
        # The monitor listens on every interface unless told otherwise; this one is for this machine.
        as_pg "${autoctl[@]}" config set --pgdata "$dir/monitor" postgresql.listen_addresses 127.0.0.1 >>"$dir/create.log" 2>&1
    fi
    pgrep -f "pg_autoctl run --pgdata $dir/monitor\$" >/dev/null || in_group_as_pg "${autoctl[@]}" run --pgdata "$dir/monitor" >"$dir/monitor.log" 2>&1
    for _ in $(seq 100); do "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" && break; sleep 0.2; done
    "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d pg_auto_failover -q \
        -c "ALTER SYSTEM SET pgautofailover.health_check_period = 1000" -c "ALTER SYSTEM SET pgautofailover.health_check_timeout = 1000" \
        -c "ALTER SYSTEM SET pgautofailover.health_check_max_retries = 1" -c "ALTER SYSTEM SET pgautofailover.health_check_retry_delay = 500" \
        -c "ALTER SYSTEM SET pgautofailover.node_considered_unhealthy_timeout = 3000" \
        -c "ALTER SYSTEM SET pgautofailover.primary_demote_timeout = 5000" -c "SELECT pg_reload_conf()" >/dev/null || return 1
    FORMATION_NODES=
    for n in 1 2; do
        node="$dir/node$n"
        if [ ! -f "$node/PG_VERSION" ]; then
            log "creating formation node $n on 127.0.0.1:$((port + n))"
            as_pg "${autoctl[@]}" create postgres --pgctl "$bin/pg_ctl" --pgdata "$node" --pgport $((port + n)) \
                --hostname 127.0.0.1 --listen 127.0.0.1 --auth trust --no-ssl --username postgres --dbname "$db" --name "node$n" \
                --monitor "postgres://autoctl_node@127.0.0.1:$port/pg_auto_failover?sslmode=disable" >>"$dir/create.log" 2>&1 \
                || { cat "$dir/create.log" >&2; return 1; }
            # pg_autoctl sizes memory for a dedicated machine (gigabytes of shared buffers); the
            # standby copies these from the primary. Logical WAL lets a tenant be moved off it.
            [ "$n" = 1 ] && printf '%s\n' "shared_buffers = '128MB'" "wal_keep_size = '256MB'" "max_connections = 400" \
                "max_locks_per_transaction = 1024" "wal_level = 'logical'" "max_replication_slots = 32" "logging_collector = off" >>"$node/postgresql.auto.conf"
        fi
        pgrep -f "pg_autoctl run --pgdata $node\$" >/dev/null || in_group_as_pg "${autoctl[@]}" run --pgdata "$node" >"$dir/node$n.log" 2>&1
        FORMATION_NODES="$FORMATION_NODES${FORMATION_NODES:+,}127.0.0.1:$((port + n))"
        # The standby is cloned from a running primary.
        for _ in $(seq 150); do "$bin/pg_isready" -q -h 127.0.0.1 -p $((port + n)) && break; sleep 0.2; done
    done
    # Ready once the primary (either node, after a failover) has its standby synchronous.
    local synced=
    for _ in $(seq 300); do
        for n in 1 2; do
            "$bin/psql" -h 127.0.0.1 -p $((port + n)) -U postgres -d "$db" -tAc \
                "SELECT count(*) FROM pg_stat_replication WHERE sync_state IN ('sync', 'quorum')" 2>/dev/null | grep -q 1 && synced=1
        done
        [ -n "$synced" ] && break
        sleep 0.2
    done
    [ -n "$synced" ] || { log "the formation's standby did not catch up; see $dir/node*.log"; return 1; }
    cd - >/dev/null || true
    export FORMATION_NODES
}

# stop_formation DATA_DIR: stops every node of a formation and its monitor.
stop_formation() {
    pkill -f "pg_autoctl run --pgdata $1/" 2>/dev/null || true
    for _ in $(seq 50); do pgrep -f "pg_autoctl run --pgdata $1/" >/dev/null || break; sleep 0.2; done
    pkill -9 -f "pg_autoctl run --pgdata $1/|postgres -D $1/" 2>/dev/null || true
}

stop_postgres() {
    local stop
    for stop in "${PG_STOPS[@]}"; do as_pg $stop >/dev/null 2>&1 || true; done
}
PG_STOPS=()

# start_s3 DATA_DIR PORT: s3s-fs with keys kept in DATA_DIR/keys.env.
start_s3() {
    local dir=$1 port=$2
    if [ ! -f "$dir/keys.env" ]; then
        mkdir -p "$dir"
        printf 'S3_ACCESS_KEY=%s\nS3_SECRET_KEY=%s\n' "$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
            "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')" >"$dir/keys.env"
    fi
    set -a; . "$dir/keys.env"; set +a
    export S3_ENDPOINT="http://127.0.0.1:$port"
    serve_s3 "$dir" "$port"
}

# start_cell_s3 DATA_DIR PORT VAR: another S3 service, for a database server's cell (its tenants'
# buckets), with the platform's key (S3_ACCESS_KEY, S3_SECRET_KEY: start_s3 first); exports its
# address as VAR.
start_cell_s3() {
    local dir=$1 port=$2
    export "$3=http://127.0.0.1:$port"
    serve_s3 "$dir" "$port"
}

serve_s3() {
    local dir=$1 port=$2 endpoint="http://127.0.0.1:$2"
    ensure_s3_server
    mkdir -p "$dir/objects"
    pkill -f "s3s-fs .*$dir/objects" 2>/dev/null && sleep 0.5 || true
    if ! curl -s -o /dev/null "$endpoint"; then
        log "starting an S3-compatible server on 127.0.0.1:$port"
        s3s-fs --host 127.0.0.1 --port "$port" --access-key "$S3_ACCESS_KEY" --secret-key "$S3_SECRET_KEY" "$dir/objects" \
            >"$dir/s3.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 50); do curl -s -o /dev/null "$endpoint" && break; sleep 0.1; done
    fi
}

# MailDev (npm, infra/mail): the SMTP server local runs and browser tests deliver e-mail to. Its
# web page lists what arrived; its REST API (GET /api/email) is how the browser tests read it.
# npm_packages DIR WHAT: installs the npm packages of a local stand-in (DIR under the repository)
# when they are missing or older than its lockfile.
npm_packages() {
    local dir="$ROOT/$1"
    if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        log "installing $2 (npm ci in $1)"
        (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

start_mail() {
    local dir=$1 smtp_port=$2 web_port=$3
    npm_packages infra/mail MailDev
    mkdir -p "$dir"
    export SMTP_URL="smtp://127.0.0.1:$smtp_port" MAIL_WEB_URL="http://localhost:$web_port"
    if ! curl -s -o /dev/null "$MAIL_WEB_URL/api/healthz"; then
        log "starting MailDev: SMTP on 127.0.0.1:$smtp_port, mail readable at $MAIL_WEB_URL"
        "$ROOT/infra/mail/node_modules/.bin/maildev" --ip 127.0.0.1 --smtp "$smtp_port" --web-ip 127.0.0.1 --web "$web_port" \
            --mail-directory "$dir/messages" \
            >"$dir/maildev.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "$MAIL_WEB_URL/api/healthz" && break; sleep 0.1; done
    fi
}

# The local stand-in for SSL Wireless's SMS API (infra/sms/sslwireless.py). What it accepted, the
# texts a phone would get, is listed at $SMS_GATEWAY_URL/messages and kept in $dir/texts.jsonl.
start_sms() {
    local dir=$1 port=$2
    mkdir -p "$dir"
    export SMS_GATEWAY_URL="http://127.0.0.1:$port" SMS_API_TOKEN=local-sms-token SMS_SID=LMSLOCAL
    if ! curl -s -o /dev/null "$SMS_GATEWAY_URL/healthz"; then
        log "starting the local SMS gateway on $SMS_GATEWAY_URL (texts sent: $SMS_GATEWAY_URL/messages)"
        python3 "$ROOT/infra/sms/sslwireless.py" "$port" "$SMS_API_TOKEN" "$SMS_SID" "$dir/texts.jsonl" >"$dir/sms.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "$SMS_GATEWAY_URL/healthz" && break; sleep 0.1; done
    fi
}

# The local Web Push service (infra/push/server.mjs), standing in for the push services browsers
# subscribe through; what each subscribed browser received, decrypted, is listed at
# $PUSH_LOCAL_URL/messages. The platform may push to it (the loopback joins PUSH_SERVICES) as well as
# to the real services, which a developer's browser reaches when it has the Internet.
start_push() {
    local dir=$1 port=$2
    npm_packages infra/push "the local push service"
    mkdir -p "$dir"
    export PUSH_LOCAL_URL="http://127.0.0.1:$port"
    export PUSH_SERVICES="fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com,127.0.0.1"
    if ! curl -s -o /dev/null "$PUSH_LOCAL_URL/healthz"; then
        log "starting the local push service on $PUSH_LOCAL_URL (pushes received: $PUSH_LOCAL_URL/messages)"
        PORT=$port node "$ROOT/infra/push/server.mjs" >"$dir/push.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "$PUSH_LOCAL_URL/healthz" && break; sleep 0.1; done
    fi
}

# A new Web Push (VAPID) key: P-256, PKCS#8 DER, base64url without padding (PUSH_VAPID_KEY).
vapid_key() {
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 | openssl pkcs8 -topk8 -nocrypt -outform DER | basenc --base64url -w0 | tr -d '='
}

# start_kannel DIR PORT: a real SMS gateway, Debian's Kannel with its fake SMSC standing in for
# the phone company (infra/sms/kannel.sh); sendsms on PORT, the phones' log in DIR/phones.log.
start_kannel() {
    local dir=$1 port=$2
    apt_install kannel kannel-extras
    mkdir -p "$dir"
    if ! curl -s -o /dev/null "http://127.0.0.1:$port/"; then
        log "starting Kannel (sendsms on 127.0.0.1:$port; what the phones got: $dir/phones.log)"
        "$ROOT/infra/sms/kannel.sh" "$dir" "$port" >"$dir/kannel.out" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
    fi
}

# The local stand-in for the government teacher registries (infra/registry/teachers.py), answering
# from infra/registry/roster.json; its fault switches are at $TEACHER_REGISTRY_URL/faults.
start_registry() {
    local dir=$1 port=$2
    mkdir -p "$dir"
    export TEACHER_REGISTRY_URL="http://127.0.0.1:$port" TEACHER_REGISTRY_KEY=local-registry-key
    if ! curl -s -o /dev/null "$TEACHER_REGISTRY_URL/healthz"; then
        log "starting the local teacher registry on $TEACHER_REGISTRY_URL (its roster: $TEACHER_REGISTRY_URL/roster)"
        python3 "$ROOT/infra/registry/teachers.py" "$port" "$TEACHER_REGISTRY_KEY" >"$dir/registry.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "$TEACHER_REGISTRY_URL/healthz" && break; sleep 0.1; done
    fi
}

# The identity providers people sign in with (issue 13): myGov and Google are two real OpenID
# providers (infra/oidc/provider.mjs, panva's oidc-provider; accounts in infra/oidc/*-accounts.json,
# password demo-pass-123), Facebook a stand-in for Facebook Login and the Graph API
# (infra/oidc/facebook.py; its fault switches at $FACEBOOK_LOCAL_URL/faults). The static clients
# below are registered for BASE_URL's main site and the demo partners dhaka and sylhet; tests may
# register their own clients at $SSO_MYGOV_ISSUER/reg. The client secrets are fixed local test
# values, not secrets: only these servers on 127.0.0.1 accept them.
start_identity() {
    local dir=$1 mygov_port=$2 google_port=$3 facebook_port=$4 base_url=$5 sites=() site idp
    npm_packages infra/oidc oidc-provider
    mkdir -p "$dir"
    # http://localhost:8080 -> http://localhost:8080 http://dhaka.localhost:8080 http://sylhet.localhost:8080
    for site in "" dhaka. sylhet.; do sites+=("${base_url/:\/\//://$site}"); done
    export SSO_MYGOV_ISSUER="http://127.0.0.1:$mygov_port" SSO_MYGOV_CLIENT_ID=lms-local SSO_MYGOV_CLIENT_SECRET=lms-local-mygov-secret
    export SSO_MYGOV_RECOVERY_URL="$SSO_MYGOV_ISSUER/forgot-password"
    export SSO_GOOGLE_ISSUER="http://127.0.0.1:$google_port" SSO_GOOGLE_CLIENT_ID=lms-local SSO_GOOGLE_CLIENT_SECRET=lms-local-google-secret
    export FACEBOOK_LOCAL_URL="http://127.0.0.1:$facebook_port" SSO_FACEBOOK_APP_ID=100000000000013 SSO_FACEBOOK_APP_SECRET=lms-local-facebook-secret
    export SSO_FACEBOOK_DIALOG_URL="$FACEBOOK_LOCAL_URL/v19.0/dialog/oauth" SSO_FACEBOOK_GRAPH_URL="$FACEBOOK_LOCAL_URL/v19.0"
    local -A issuer=([mygov]=$SSO_MYGOV_ISSUER [google]=$SSO_GOOGLE_ISSUER) secret=([mygov]=$SSO_MYGOV_CLIENT_SECRET [google]=$SSO_GOOGLE_CLIENT_SECRET) \
        path=([mygov]=/sso [google]=/GLogin) title=([mygov]="myGov (local)" [google]="Google (local)") port=([mygov]=$mygov_port [google]=$google_port)
    local attempt pid
    for idp in mygov google; do
        curl -s -o /dev/null "${issuer[$idp]}/healthz" && continue
        log "starting the local OpenID provider ${title[$idp]} on ${issuer[$idp]}"
        # Once in a CI run a provider hung before listening (its log stopped after the import);
        # one that has not answered in 30 s is started again, and a second failure stops here.
        for attempt in 1 2; do
            PORT=${port[$idp]} ISSUER=${issuer[$idp]} TITLE=${title[$idp]} ACCOUNTS="$ROOT/infra/oidc/$idp-accounts.json" \
                CLIENT_ID=lms-local CLIENT_SECRET=${secret[$idp]} \
                REDIRECT_URIS=$(printf "%s${path[$idp]}," "${sites[@]}") POST_LOGOUT_REDIRECT_URIS=$(printf '%s/,' "${sites[@]}") \
                BACKCHANNEL_LOGOUT_URI="$base_url/my-account/sso/backchannel-logout/$idp" \
                node "$ROOT/infra/oidc/provider.mjs" >"$dir/$idp.log" 2>&1 &
            pid=$!
            for _ in $(seq 300); do curl -s -o /dev/null "${issuer[$idp]}/healthz" && break; sleep 0.1; done
            if curl -s -o /dev/null "${issuer[$idp]}/healthz"; then PIDS+=("$pid"); break; fi
            kill "$pid" 2>/dev/null || true
            [ "$attempt" = 2 ] && die "the local ${title[$idp]} did not start (see $dir/$idp.log)"
            log "the local ${title[$idp]} did not answer in 30 s; starting it again"
        done
    done
    if ! curl -s -o /dev/null "$FACEBOOK_LOCAL_URL/healthz"; then
        log "starting the local Facebook Login on $FACEBOOK_LOCAL_URL"
        python3 "$ROOT/infra/oidc/facebook.py" "$facebook_port" "$SSO_FACEBOOK_APP_ID" "$SSO_FACEBOOK_APP_SECRET" \
            "$ROOT/infra/oidc/facebook-accounts.json" >"$dir/facebook.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "$FACEBOOK_LOCAL_URL/healthz" && break; sleep 0.1; done
    fi
}

# The local stand-in for the SSLCommerz payment gateway (infra/payments/sslcommerz.py): its hosted
# page lets the payer pick the outcome; notices it sent are listed at $SSLCOMMERZ_URL/ipn?tran_id=.
start_payments() {
    local dir=$1 port=$2
    mkdir -p "$dir"
    export SSLCOMMERZ_URL="http://127.0.0.1:$port" SSLCOMMERZ_STORE_ID=lmslocal SSLCOMMERZ_STORE_PASSWORD=local-store-pass
    # A partner's own store at the local gateway; the demo gives it to sylhet (seed-demo reads it).
    export SSLCOMMERZ_EXTRA_STORES=sylhetlocal:sylhet-store-pass DEMO_PARTNER_STORE=sylhetlocal:sylhet-store-pass
    if ! curl -s -o /dev/null "$SSLCOMMERZ_URL/healthz"; then
        log "starting the local SSLCommerz gateway on $SSLCOMMERZ_URL"
        python3 "$ROOT/infra/payments/sslcommerz.py" "$port" "$SSLCOMMERZ_STORE_ID" "$SSLCOMMERZ_STORE_PASSWORD" "$dir/ipn.jsonl" >"$dir/gateway.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "$SSLCOMMERZ_URL/healthz" && break; sleep 0.1; done
    fi
}

# The local stand-in for bKash's tokenized checkout (infra/payments/bkash.py): its wallet page lets
# the payer authorise, fail or cancel; payments are listed at $BKASH_LOCAL/payments/<paymentID>.
start_bkash() {
    local dir=$1 port=$2
    mkdir -p "$dir"
    export BKASH_LOCAL="http://127.0.0.1:$port" BKASH_URL="http://127.0.0.1:$port/v1.2.0-beta"
    export BKASH_APP_KEY=lms-local-app-key BKASH_APP_SECRET=lms-local-app-secret BKASH_USERNAME=lmslocal BKASH_PASSWORD=lms-local-pass
    # A partner's own merchant wallet at the local gateway; the demo gives it to sylhet (seed-demo reads it).
    export BKASH_EXTRA_MERCHANTS=sylhetwallet:sylhet-wallet-pass:sylhet-app-key:sylhet-app-secret
    export DEMO_PARTNER_WALLET=$BKASH_EXTRA_MERCHANTS
    if ! curl -s -o /dev/null "$BKASH_LOCAL/healthz"; then
        log "starting the local bKash gateway on $BKASH_LOCAL"
        python3 "$ROOT/infra/payments/bkash.py" "$port" "$BKASH_APP_KEY" "$BKASH_APP_SECRET" "$BKASH_USERNAME" "$BKASH_PASSWORD" "$dir/payments.jsonl" \
            >"$dir/gateway.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "$BKASH_LOCAL/healthz" && break; sleep 0.1; done
    fi
}

# The local stand-ins for the meeting providers: BigBlueButton's API (infra/meetings/bbb.py, root
# ${BBB_LOCAL_URL}api/, callbacks it made at .../backoffice/callbacks) and Zoom's meetings API with
# Server-to-Server OAuth and webhooks (infra/meetings/zoom.py, $ZOOM_LOCAL_URL/v2 and
# $ZOOM_LOCAL_URL/oauth/token, events at $ZOOM_LOCAL_URL/backoffice/webhooks). The shared secret,
# account, client and webhook values below are fixed local test values, not secrets: only these two
# servers on 127.0.0.1 accept them.
start_meetings() {
    local dir=$1 bbb_port=$2 zoom_port=$3
    mkdir -p "$dir"
    export BBB_LOCAL_URL="http://127.0.0.1:$bbb_port/bigbluebutton/" BBB_LOCAL_SECRET=lms-local-bbb-secret-2026
    export ZOOM_LOCAL_URL="http://127.0.0.1:$zoom_port" ZOOM_LOCAL_ACCOUNT_ID=lmslocal ZOOM_LOCAL_CLIENT_ID=lms-local-client \
        ZOOM_LOCAL_CLIENT_SECRET=lms-local-client-secret ZOOM_LOCAL_WEBHOOK_SECRET=lms-local-webhook-secret
    if ! curl -s -o /dev/null "http://127.0.0.1:$bbb_port/healthz"; then
        log "starting the local BigBlueButton on ${BBB_LOCAL_URL}api/"
        python3 "$ROOT/infra/meetings/bbb.py" "$bbb_port" "$BBB_LOCAL_SECRET" "$dir/bbb.jsonl" >"$dir/bbb.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$bbb_port/healthz" && break; sleep 0.1; done
    fi
    if ! curl -s -o /dev/null "$ZOOM_LOCAL_URL/healthz"; then
        log "starting the local Zoom API on $ZOOM_LOCAL_URL"
        python3 "$ROOT/infra/meetings/zoom.py" "$zoom_port" "$ZOOM_LOCAL_ACCOUNT_ID" "$ZOOM_LOCAL_CLIENT_ID" \
            "$ZOOM_LOCAL_CLIENT_SECRET" "$ZOOM_LOCAL_WEBHOOK_SECRET" "$dir/zoom.jsonl" >"$dir/zoom.log" 2>&1 &
        PIDS+=($!)
        for _ in $(seq 100); do curl -s -o /dev/null "$ZOOM_LOCAL_URL/healthz" && break; sleep 0.1; done
    fi
}

# Secrets kept across runs: tenant role passwords stay valid, and browsers' push subscriptions,
# made with the VAPID key, keep working.
ensure_secret() {
    local file=$1
    [ -f "$file" ] || printf 'TENANT_DB_SECRET=%s\n' "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" >"$file"
    grep -q '^TLS_MASTER_KEY=' "$file" || printf 'TLS_MASTER_KEY=%s\n' "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" >>"$file"
    grep -q '^PUSH_VAPID_KEY=' "$file" || printf 'PUSH_VAPID_KEY=%s\n' "$(vapid_key)" >>"$file"
    set -a; . "$file"; set +a
}

wait_for_http() {
    local url=$1 host=${2:-} tries=${3:-300}
    for _ in $(seq "$tries"); do
        if curl -fs -o /dev/null ${host:+-H "Host: $host"} "$url"; then return 0; fi
        sleep 0.2
    done
    return 1
}

stop_children() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
}

# start_bind DATA_DIR PORT: BIND 9 authoritative for the test zones lms.test (the platform) and
# partner.test (partners' own domains), accepting
# TSIG-signed dynamic updates (RFC 2136). Exports the RFC2136_* variables.
start_bind() {
    local dir=$1 port=$2 secret
    apt_install bind9 bind9-utils
    mkdir -p "$dir"
    secret=$(head -c 32 /dev/urandom | base64)
    cat >"$dir/named.conf" <<CONF
options {
    directory "$dir";
    pid-file "$dir/named.pid";
    listen-on port $port { 127.0.0.1; };
    listen-on-v6 { none; };
    // Recursion for local clients only, so a custom domain's CNAME into lms.test is answered
    // whole (pebble's resolver does not chase CNAMEs itself); both zones are local.
    recursion yes;
    allow-recursion { 127.0.0.1; };
    dnssec-validation no;
    allow-query { any; };
};
key "lms-test-key" { algorithm hmac-sha256; secret "$secret"; };
zone "lms.test" { type master; file "$dir/lms.test.zone"; allow-update { key "lms-test-key"; }; };
zone "partner.test" { type master; file "$dir/partner.test.zone"; allow-update { key "lms-test-key"; }; };
CONF
    cat >"$dir/partner.test.zone" <<ZONE
\$TTL 60
@    IN SOA ns1.lms.test. hostmaster.lms.test. 1 60 60 600 60
@    IN NS  ns1.lms.test.
ZONE
    cat >"$dir/lms.test.zone" <<ZONE
\$TTL 60
@    IN SOA ns1.lms.test. hostmaster.lms.test. 1 60 60 600 60
@    IN NS  ns1.lms.test.
ns1  IN A   127.0.0.1
@    IN A   127.0.0.1
*    IN A   127.0.0.1
ZONE
    # A server a killed run left behind would answer with an old key.
    pkill -f "named -g -u root -c $dir/named.conf" 2>/dev/null && sleep 0.5 || true
    log "starting BIND (zone lms.test) on 127.0.0.1:$port"
    /usr/sbin/named -g -u root -c "$dir/named.conf" >"$dir/named.log" 2>&1 &
    PIDS+=($!)
    for _ in $(seq 50); do grep -q "running" "$dir/named.log" 2>/dev/null && break; sleep 0.1; done
    export RFC2136_SERVER="127.0.0.1:$port" RFC2136_ZONE=lms.test RFC2136_KEY_NAME=lms-test-key RFC2136_KEY_SECRET="$secret"
}

# start_pebble DATA_DIR DNS_PORT: Debian's pebble (ACME test CA) resolving names through the
# test DNS server. Exports ACME_DIRECTORY_URL, ACME_CA_ROOT and PEBBLE_MANAGEMENT_URL.
start_pebble() {
    local dir=$1 dns_port=$2
    apt_install pebble openssl
    mkdir -p "$dir"
    # pebble's own HTTPS: a leaf for localhost signed by a throw-away CA (clients trust the CA).
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=pebble-test-ca -keyout "$dir/ca.key" -out "$dir/ca.pem" >/dev/null 2>&1
    openssl req -newkey rsa:2048 -nodes -subj /CN=localhost -keyout "$dir/key.pem" -out "$dir/leaf.csr" >/dev/null 2>&1
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n' >"$dir/leaf.ext"
    openssl x509 -req -in "$dir/leaf.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 30 \
        -extfile "$dir/leaf.ext" -out "$dir/cert.pem" >/dev/null 2>&1
    cat >"$dir/pebble.json" <<CONF
{"pebble": {"listenAddress": "127.0.0.1:14000", "managementListenAddress": "127.0.0.1:15000",
 "certificate": "$dir/cert.pem", "privateKey": "$dir/key.pem", "httpPort": 5002, "tlsPort": 5001,
 "ocspResponderURL": "", "externalAccountBindingRequired": false}}
CONF
    pkill -f "pebble -config $dir/pebble.json" 2>/dev/null && sleep 0.5 || true
    log "starting pebble (ACME test CA) on 127.0.0.1:14000"
    PEBBLE_VA_NOSLEEP=1 PEBBLE_WFE_NONCEREJECT=0 pebble -config "$dir/pebble.json" -dnsserver "127.0.0.1:$dns_port" \
        >"$dir/pebble.log" 2>&1 &
    PIDS+=($!)
    for _ in $(seq 50); do curl -skf -o /dev/null https://127.0.0.1:14000/dir && break; sleep 0.1; done
    export ACME_DIRECTORY_URL=https://127.0.0.1:14000/dir ACME_CA_ROOT="$dir/ca.pem" PEBBLE_MANAGEMENT_URL=https://127.0.0.1:15000
}
