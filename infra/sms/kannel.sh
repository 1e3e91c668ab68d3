#!/usr/bin/env bash
# A real SMS gateway on this machine: Debian's Kannel 1.4.5 (https://www.kannel.org/userguide.shtml),
# whose bearerbox routes messages, whose smsbox serves the `sendsms` HTTP interface our Kannel
# adapter calls (UCS-2 text, delivery-report URLs), and whose fake SMSC (kannel-extras'
# `fakesmsc`) stands in for the phone company: every text it takes is written to DIR/phones.log
# ("fakesmsc: got message N: <from to data %09%95...>") and Kannel reports it delivered to the
# `dlr-url` the message named.
#
#   infra/sms/kannel.sh DIR SENDSMS_PORT     runs in the foreground until killed
#
# The sendsms account is `lms` / `local-kannel-pass`. Ports: SENDSMS_PORT for sendsms, the next
# three for the bearerbox's admin, the smsbox link and the fake SMSC.
set -euo pipefail
dir=$1 port=$2
admin=$((port + 1)) box=$((port + 2)) smsc=$((port + 3))
mkdir -p "$dir"
cat >"$dir/kannel.conf" <<CONF
group = core
admin-port = $admin
admin-password = local-kannel-admin
smsbox-port = $box
box-allow-ip = 127.0.0.1
log-file = "$dir/bearerbox.log"
log-level = 1
access-log = "$dir/access.log"
dlr-storage = internal

group = smsc
smsc = fake
smsc-id = fake
port = $smsc
connect-allow-ip = 127.0.0.1

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = $box
sendsms-port = $port
log-file = "$dir/smsbox.log"
log-level = 1

group = sendsms-user
username = lms
password = local-kannel-pass
max-messages = 10
concatenation = true
CONF
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait' EXIT INT TERM
/usr/sbin/bearerbox "$dir/kannel.conf" >"$dir/bearerbox.out" 2>&1 & pids+=($!)
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$smsc") 2>/dev/null && break; sleep 0.1; done
/usr/sbin/smsbox "$dir/kannel.conf" >"$dir/smsbox.out" 2>&1 & pids+=($!)
# -m 0: the phones send nothing of their own; they only receive.
/usr/lib/kannel/test/fakesmsc -H 127.0.0.1 -r "$smsc" -m 0 -i 0.01 "ignored ignored text ignored" >"$dir/phones.log" 2>&1 & pids+=($!)
wait -n "${pids[@]}"
