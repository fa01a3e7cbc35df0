#!/bin/sh
# Table Companion installer for a fresh Raspberry Pi OS (Bookworm or newer, Pi 4 and Pi 5).
# Idempotent: running it again updates the code and the units and keeps the config and the journal.
#
#   sudo systemd/install.sh              install or update, then start the service
#   systemd/install.sh --dry-run         print every step, do nothing
#   sudo systemd/install.sh --uninstall  remove the service, the code and the rules; keep the
#                                        config and the journal (add --purge to remove them too)
#   systemd/install.sh --root DIR        install the files under DIR (a throwaway root for tests):
#                                        no Debian packages, no user, no systemctl or udevadm
#
# COMPANION_PIP_ARGS adds arguments to the venv's pip install (tests: --no-deps).
set -eu

SOURCE=$(cd "$(dirname "$0")/.." && pwd)
ROOT=""
DRY_RUN=0
ACTION=do_install
PURGE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --uninstall) ACTION=do_uninstall ;;
        --purge) PURGE=1 ;;
        --root) ROOT=$(mkdir -p "$2" && cd "$2" && pwd); shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if [ "$DRY_RUN" = 0 ] && [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run it as root (sudo $0), or try --dry-run or --root DIR" >&2
    exit 2
fi

PREFIX="$ROOT/opt/companion"
CONFIG_DIR="$ROOT/etc/companion"
UNIT="$ROOT/etc/systemd/system/companion.service"
RULES="$ROOT/etc/udev/rules.d/99-companion.rules"
STATE="$ROOT/var/lib/companion"
PACKAGES="python3-venv python3-picamera2 python3-libcamera python3-lgpio libusb-1.0-0 cage fonts-dejavu-core"
GROUPS_WANTED="video render input gpio dialout lp"

run() {  # print a step; do it unless --dry-run
    echo "+ $*"
    if [ "$DRY_RUN" = 0 ]; then "$@"; fi
}

system() {  # a step on the live system only: skipped in a throwaway root
    if [ -n "$ROOT" ]; then echo "- skipped under --root: $*"; else run "$@"; fi
}

copy_source() {
    run rm -rf "$PREFIX/src"
    run mkdir -p "$PREFIX/src"
    echo "+ copy $SOURCE -> $PREFIX/src (without .git, .venv, node_modules)"
    if [ "$DRY_RUN" = 0 ]; then
        tar -C "$SOURCE" --exclude=./.git --exclude=./.venv --exclude=node_modules --exclude=__pycache__ \
            --exclude=.mypy_cache --exclude=.pytest_cache --exclude=.hypothesis -cf - . | tar -C "$PREFIX/src" -xf -
    fi
}

make_venv() {
    # --system-site-packages: picamera2 and libcamera come from Debian and must be visible.
    if [ -x "$PREFIX/venv/bin/python" ]; then
        echo "= $PREFIX/venv exists"
    else
        run python3 -m venv --system-site-packages "$PREFIX/venv"
    fi
    # shellcheck disable=SC2086  # COMPANION_PIP_ARGS is a list of arguments
    run "$PREFIX/venv/bin/python" -m pip install --quiet ${COMPANION_PIP_ARGS:-} "$PREFIX/src[pi]"
}

add_user() {
    if getent passwd companion >/dev/null 2>&1; then
        echo "= user companion exists"
    else
        system useradd --system --home-dir /var/lib/companion --no-create-home --shell /usr/sbin/nologin companion
    fi
    for group in $GROUPS_WANTED; do
        if getent group "$group" >/dev/null 2>&1; then system usermod -a -G "$group" companion; fi
    done
}

install_files() {
    run mkdir -p "$CONFIG_DIR" "$(dirname "$UNIT")" "$(dirname "$RULES")" "$STATE"
    run install -m 0644 "$SOURCE/systemd/companion.service" "$UNIT"
    run install -m 0644 "$SOURCE/systemd/99-companion.rules" "$RULES"
    if [ -e "$CONFIG_DIR/config.toml" ]; then
        echo "= $CONFIG_DIR/config.toml kept (yours)"
    else
        run install -m 0644 "$SOURCE/systemd/config.toml" "$CONFIG_DIR/config.toml"
    fi
}

do_install() {
    echo "Installing Table Companion into ${ROOT:-/} from $SOURCE"
    system apt-get update
    system apt-get install -y --no-install-recommends $PACKAGES
    add_user
    copy_source
    make_venv
    install_files
    system chown companion:companion "$STATE"
    system udevadm control --reload
    system udevadm trigger --subsystem-match=tty --subsystem-match=usb --subsystem-match=usbmisc
    system systemctl daemon-reload
    system systemctl enable --now companion.service
    echo "Done. Check the devices with: $PREFIX/venv/bin/companion doctor"
}

do_uninstall() {
    echo "Removing Table Companion from ${ROOT:-/}"
    system systemctl disable --now companion.service
    run rm -f "$UNIT" "$RULES"
    run rm -rf "$PREFIX"
    system systemctl daemon-reload
    system udevadm control --reload
    if [ "$PURGE" = 1 ]; then
        run rm -rf "$CONFIG_DIR" "$STATE"
        system userdel companion
    else
        echo "= kept $CONFIG_DIR and $STATE (the saved games); --purge removes them"
    fi
}

$ACTION
