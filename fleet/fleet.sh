#!/usr/bin/env bash
# A local fleet of Debian 12 hosts as systemd-nspawn containers (fleet/README.md).
#   fleet.sh up [NAME=ADDRESS]...   default: db=10.77.0.10 app=10.77.0.11 bench=10.77.0.12
#   fleet.sh status
#   fleet.sh down
# Each host runs under a supervisor (this script's _supervise) that starts its container again
# when it reboots. Needs root, systemd-nspawn, debootstrap, nft and ip. Everything it makes is under
# .poolbench/fleet/ (the cached base rootfs, one rootfs per host, the fleet's SSH key, state),
# plus, while up, a tmpfs with the hosts' rootfs, one bridge, one nftables table and ip_forward=1; `down` undoes all of them.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SELF="$ROOT/fleet/fleet.sh"
DIR="${POOLBENCH_FLEET_DIR:-$ROOT/.poolbench/fleet}"
BASE="$DIR/base-bookworm"
STATE="$DIR/state"              # one line per host: NAME ADDRESS PID (its supervisor); plus the saved ip_forward
KEY="$DIR/id_ed25519"
BRIDGE="pbfleet0"
NFT_TABLE="poolbench_fleet"
SUBNET="10.77.0.0/24"
GATEWAY="10.77.0.1"
# The Debian mirror of this machine's own apt sources (a machine behind a local mirror keeps using
# it): the first deb source for bookworm (not -security or -updates) in the deb822 files, then in
# the one-line lists; Debian's own when there is none. POOLBENCH_FLEET_MIRROR overrides it.
machine_mirror() {
  local found
  found=$(awk 'FNR == 1 { deb = uris = suites = "" }
    /^Types:/ { deb = ($0 ~ /(^|[ \t])deb([ \t]|$)/) }
    /^URIs:/ { uris = $2 } /^Suites:/ { suites = $0 }
    /^[ \t]*$/ || /^Signed-By:/ || /^Components:/ {
      if (deb && uris != "" && suites ~ /[ \t]bookworm([ \t]|$)/) { print uris; exit } }
    END { if (deb && uris != "" && suites ~ /[ \t]bookworm([ \t]|$)/) print uris }' \
    /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
  [[ -n "$found" ]] || found=$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' \
    /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -n 1)
  echo "${found:-http://deb.debian.org/debian}"
}
MIRROR="${POOLBENCH_FLEET_MIRROR:-$(machine_mirror)}"
# What every host has before Ansible: systemd as PID 1, SSH, Python for Ansible, sudo for become.
BASE_PACKAGES="systemd,systemd-sysv,dbus,openssh-server,python3,iproute2,sudo,ca-certificates"
SSH_USER="admin"                # the user of Debian's cloud images, as on AWS

die() { echo "fleet: $*" >&2; exit 2; }
say() { echo "fleet: $*"; }

require_tools() {
  [[ $(id -u) -eq 0 ]] || die "needs root (it makes containers, a bridge and NAT rules); run it as root, e.g. sudo ./poolbench fleet $1"
  local missing=() tool
  for tool in systemd-nspawn debootstrap nft ip ssh ssh-keygen; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  ((${#missing[@]} == 0)) || die "missing ${missing[*]}: apt-get install systemd-container debootstrap nftables iproute2 openssh-client"
}

# The hosts asked for, as "NAME ADDRESS" lines, checked before anything is made.
parse_hosts() {
  local spec name address lines=()
  (($#)) || set -- db=10.77.0.10 app=10.77.0.11 bench=10.77.0.12
  for spec in "$@"; do
    name="${spec%%=*}" address="${spec#*=}"
    [[ "$spec" == *=* && "$name" =~ ^[a-z][a-z0-9-]{0,20}$ ]] || die "bad host '$spec': give NAME=ADDRESS, e.g. db=10.77.0.10"
    [[ "$address" =~ ^10\.77\.0\.([0-9]+)$ ]] && ((BASH_REMATCH[1] >= 2 && BASH_REMATCH[1] <= 254)) \
      || die "bad address '$address' for $name: the fleet's subnet is $SUBNET (.2 to .254; .1 is the bridge)"
    lines+=("$name $address")
  done
  local twice
  twice="$(printf '%s\n' "${lines[@]}" | tr ' ' '\n' | sort | uniq -d | paste -sd' ' -)"
  [[ -z "$twice" ]] || die "each host needs its own name and address ($twice given twice)"
  printf '%s\n' "${lines[@]}"
}

nspawn_alive() { kill -0 "$1" 2>/dev/null && [[ "$(cat "/proc/$1/comm" 2>/dev/null)" == systemd-nspawn ]]; }

# A host's supervisor is alive (a PID reused by another process is not).
pid_alive() {
  [[ -n "$1" ]] && kill -0 "$1" 2>/dev/null && [[ "$(tr '\0' ' ' 2>/dev/null <"/proc/$1/cmdline")" == *"/fleet.sh _supervise "* ]]
}

# The cached base rootfs: made once (about a minute), then copied per host in a second.
ensure_base() {
  [[ -f "$BASE/.poolbench-base-complete" ]] && return 0
  say "building the base Debian 12 rootfs (cached in $BASE; about a minute)"
  local tmp="$DIR/base-bookworm.tmp"
  rm -rf "$tmp"
  debootstrap --variant=minbase --include="$BASE_PACKAGES" bookworm "$tmp" "$MIRROR" >"$DIR/debootstrap.log" 2>&1 \
    || { rm -rf "$tmp"; die "debootstrap failed (log: $DIR/debootstrap.log)"; }
  chroot "$tmp" useradd --create-home --shell /bin/bash "$SSH_USER"
  echo "$SSH_USER ALL=(ALL) NOPASSWD:ALL" >"$tmp/etc/sudoers.d/90-$SSH_USER"
  chmod 0440 "$tmp/etc/sudoers.d/90-$SSH_USER"
  chroot "$tmp" systemctl enable systemd-networkd ssh >/dev/null 2>&1
  # Host keys and machine-id are made per host (fresh_identity); none in the base.
  rm -f "$tmp"/etc/ssh/ssh_host_* "$tmp/etc/machine-id" "$tmp/var/lib/dbus/machine-id"
  chroot "$tmp" apt-get clean
  touch "$tmp/.poolbench-base-complete"
  mv "$tmp" "$BASE"
}

ensure_key() {
  [[ -f "$KEY" ]] || ssh-keygen -q -t ed25519 -N '' -C poolbench-fleet -f "$KEY"
}

# The host's name, address, resolver, machine-id, SSH host keys and authorized key.
configure_host() {
  local name="$1" address="$2" hosts_file="$3" rootfs="$DIR/hosts/$1"
  echo "poolbench-$name" >"$rootfs/etc/hostname"
  cp "$hosts_file" "$rootfs/etc/hosts"
  cat >"$rootfs/etc/systemd/network/10-poolbench.network" <<EOF
[Match]
Name=host0

[Network]
Address=$address/24
Gateway=$GATEWAY
EOF
  # The machine's resolver, reached through the fleet's NAT (a loopback resolver would not be).
  grep -E '^nameserver ' /etc/resolv.conf | grep -vE ' (127\.|::1)' >"$rootfs/etc/resolv.conf" || true
  [[ -s "$rootfs/etc/resolv.conf" ]] || echo "nameserver 9.9.9.9" >"$rootfs/etc/resolv.conf"
  tr -d '-' </proc/sys/kernel/random/uuid >"$rootfs/etc/machine-id"
  ssh-keygen -q -A -f "$rootfs" >/dev/null
  install -d -m 0700 -o 1000 -g 1000 "$rootfs/home/$SSH_USER/.ssh"
  install -m 0600 -o 1000 -g 1000 "$KEY.pub" "$rootfs/home/$SSH_USER/.ssh/authorized_keys"
}

network_up() {
  if ! ip link show "$BRIDGE" >/dev/null 2>&1; then
    ip link add "$BRIDGE" type bridge
    ip address add "$GATEWAY/24" dev "$BRIDGE"
  fi
  ip link set "$BRIDGE" up
  # Out of the subnet only DNS and HTTP(S) (the Debian archive), masqueraded; nothing else is forwarded.
  nft -f - <<EOF
table ip $NFT_TABLE {
  chain forward {
    type filter hook forward priority 0; policy accept;
    iifname "$BRIDGE" oifname "$BRIDGE" accept
    iifname "$BRIDGE" ip saddr $SUBNET udp dport 53 accept
    iifname "$BRIDGE" ip saddr $SUBNET tcp dport { 53, 80, 443 } accept
    oifname "$BRIDGE" ct state established,related accept
    iifname "$BRIDGE" drop
    oifname "$BRIDGE" drop
  }
  chain postrouting {
    type nat hook postrouting priority 100; policy accept;
    ip saddr $SUBNET oifname != "$BRIDGE" masquerade
  }
}
EOF
  sysctl -qw net.ipv4.ip_forward=1
}

# Starts a host's supervisor in its own session (it outlives this shell); prints its PID.
start_host() {
  local name="$1"
  # Downloaded packages kept per host name for the next `up`: one directory shared by all would
  # make concurrent apt runs fail on its lock (apt does not wait for it).
  mkdir -p "$DIR/apt-archives/$name/partial"
  setsid "$SELF" _supervise "$name" </dev/null >"$DIR/logs/$name.log" 2>&1 &
  echo "$!"
}

# The container of one host, started again with the same rootfs, address and veth when it
# reboots: with --keep-unit systemd-nspawn exits 133 on a reboot and leaves the restart to its
# caller (systemd-nspawn@.service has RestartForceExitStatus=133); this machine has no systemd,
# so this loop is that caller. SIGTERM (`down`) powers the container off and ends the loop.
cmd_supervise() {
  local name="$1" rootfs="$DIR/hosts/$1" child="" status stopping=0
  [[ -d "$rootfs" ]] || die "_supervise: no rootfs $rootfs"
  trap 'stopping=1; [[ -z "$child" ]] || kill -TERM "$child" 2>/dev/null || true' TERM INT HUP
  while :; do
    # --register=no --keep-unit: this machine has no systemd or D-Bus to register with.
    systemd-nspawn --quiet -D "$rootfs" --machine="poolbench-$name" --boot --register=no --keep-unit \
      --network-bridge="$BRIDGE" --resolv-conf=off --timezone=off --link-journal=no \
      --bind="$DIR/apt-archives/$name:/var/cache/apt/archives" </dev/null &
    child=$!
    # A SIGTERM between the last check and this start must reach the new container too.
    ((stopping == 0)) || kill -TERM "$child" 2>/dev/null || true
    # `wait` returns early when a trapped signal arrives: wait again until the container is gone.
    while :; do
      status=0
      wait "$child" || status=$?
      kill -0 "$child" 2>/dev/null || break
    done
    ((stopping == 0 && status == 133)) || exit "$status"
    echo "fleet: $name rebooted (systemd-nspawn exit 133 at $(date -u +%H:%M:%S)): starting it again"
  done
}

ssh_host() {
  local address="$1"; shift
  ssh -n -i "$KEY" -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR \
    -o ConnectTimeout=3 "$SSH_USER@$address" "$@"
}

# Until every host answers SSH and systemd has reached multi-user (or 60 s).
wait_ready() {
  local name address pid deadline=$((SECONDS + 60)) state
  while read -r name address pid; do
    [[ "$name" == ip_forward ]] && continue
    until state="$(ssh_host "$address" systemctl is-system-running 2>/dev/null)" && [[ "$state" =~ ^(running|degraded)$ ]]; do
      pid_alive "$pid" || { cat "$DIR/logs/$name.log" >&2; return 1; }
      ((SECONDS < deadline)) || { echo "fleet: $name ($address) not ready after 60 s: '${state:-no SSH}'" >&2; return 1; }
      sleep 1
    done
  done <"$STATE"
}

cmd_up() {
  require_tools up
  local wanted
  wanted="$(parse_hosts "$@")"
  if [[ -f "$STATE" ]]; then
    if [[ "$(grep -v '^ip_forward ' "$STATE" | cut -d' ' -f1,2)" == "$wanted" ]] && all_alive; then
      say "already up (nothing changed):"; cmd_status; return 0
    fi
    die "a fleet is already up or half-down with other hosts ($(grep -v '^ip_forward ' "$STATE" | cut -d' ' -f1,2 | paste -sd, -)); run ./poolbench fleet down first"
  fi
  mkdir -p "$DIR/hosts" "$DIR/logs"
  ensure_base
  ensure_key
  # From here on a failure takes down whatever was started, so nothing stays half-made.
  trap 'echo "fleet: up failed; taking down what was started" >&2; cmd_down >/dev/null 2>&1 || true' ERR
  echo "ip_forward $(cat /proc/sys/net/ipv4/ip_forward)" >"$STATE"
  local hosts_file="$DIR/hosts.txt" name address pid
  { echo "127.0.0.1 localhost"; while read -r name address; do echo "$address poolbench-$name $name"; done <<<"$wanted"; } >"$hosts_file"
  network_up
  # The hosts' rootfs in memory: copying and removing 300 MB trees on this disk took a minute.
  mountpoint -q "$DIR/hosts" || mount -t tmpfs -o size=12g,mode=0755 poolbench-fleet "$DIR/hosts"
  while read -r name address; do
    rm -rf "$DIR/hosts/$name"
    cp -a --reflink=auto "$BASE" "$DIR/hosts/$name"
    configure_host "$name" "$address" "$hosts_file"
    pid="$(start_host "$name")"
    echo "$name $address $pid" >>"$STATE"
  done <<<"$wanted"
  wait_ready || false
  trap - ERR
  say "up: $(grep -vc '^ip_forward ' "$STATE") hosts on $BRIDGE ($SUBNET), SSH: ssh -i $KEY $SSH_USER@ADDRESS"
  cmd_status
}

all_alive() {
  local name address pid
  while read -r name address pid; do
    [[ "$name" == ip_forward ]] || pid_alive "$pid" || return 1
  done <"$STATE"
}

cmd_status() {
  [[ $(id -u) -eq 0 ]] || die "needs root to see the fleet's containers; run it as root"
  if [[ ! -f "$STATE" ]]; then say "down (no hosts)"; return 0; fi
  local name address pid state reboots
  printf '%-8s %-12s %-8s %s\n' HOST ADDRESS PID SYSTEMD
  while read -r name address pid; do
    [[ "$name" == ip_forward ]] && continue
    if pid_alive "$pid"; then
      state="$(ssh_host "$address" systemctl is-system-running 2>/dev/null || true)"
      reboots="$(grep -c "^fleet: $name rebooted " "$DIR/logs/$name.log" 2>/dev/null || true)"
      ((${reboots:-0} == 0)) || state="${state:-not answering over SSH} (rebooted ${reboots}x)"
      printf '%-8s %-12s %-8s %s\n' "$name" "$address" "$pid" "${state:-not answering over SSH}"
    else
      printf '%-8s %-12s %-8s %s\n' "$name" "$address" "-" "stopped (container not running)"
    fi
  done <"$STATE"
}

# Stops every host (its supervisor passes SIGTERM on: poweroff; then SIGKILL to the supervisor's
# process group, its container with it, after 20 s), removes their rootfs, the bridge, the
# nftables table, and puts ip_forward back as it was. Safe to run when nothing is up.
cmd_down() {
  require_tools down
  local name address pid orphan saved_forward="" pids=() orphans=()
  if [[ -f "$STATE" ]]; then
    while read -r name address pid; do
      if [[ "$name" == ip_forward ]]; then saved_forward="$address"; continue; fi
      # SIGTERM makes the supervisor stop restarting and systemd-nspawn power the container off.
      if pid_alive "$pid"; then
        kill -TERM "$pid"; pids+=("$pid")
      else
        # A supervisor killed by someone else leaves its container running in its process group.
        for orphan in $(pgrep -g "$pid" -x systemd-nspawn || true); do kill -TERM "$orphan"; orphans+=("$orphan"); done
      fi
    done <"$STATE"
    local deadline=$((SECONDS + 20))
    for pid in "${pids[@]}"; do
      while pid_alive "$pid" && ((SECONDS < deadline)); do sleep 0.5; done
      # setsid made the supervisor its process group's leader: the group is it and its container.
      pid_alive "$pid" && kill -KILL -- "-$pid" && sleep 1
    done
    for pid in "${orphans[@]}"; do
      while nspawn_alive "$pid" && ((SECONDS < deadline)); do sleep 0.5; done
      nspawn_alive "$pid" && kill -KILL "$pid" && sleep 1
    done
  fi
  if mountpoint -q "$DIR/hosts"; then umount "$DIR/hosts"; fi
  rm -rf "$DIR/hosts" "$DIR/hosts.txt"
  ip link show "$BRIDGE" >/dev/null 2>&1 && ip link delete "$BRIDGE"
  nft list table ip "$NFT_TABLE" >/dev/null 2>&1 && nft delete table ip "$NFT_TABLE"
  [[ -n "$saved_forward" ]] && sysctl -qw net.ipv4.ip_forward="$saved_forward"
  rm -f "$STATE"
  say "down: no hosts, no $BRIDGE bridge, no $NFT_TABLE table, ip_forward=$(cat /proc/sys/net/ipv4/ip_forward)"
}

case "${1:-}" in
  up) shift; cmd_up "$@" ;;
  status) cmd_status ;;
  down) cmd_down ;;
  _supervise) shift; cmd_supervise "$@" ;;
  *) echo "usage: ./poolbench fleet up [NAME=ADDRESS]... | status | down   (fleet/README.md)" >&2; exit 2 ;;
esac
