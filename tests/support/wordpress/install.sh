#!/usr/bin/env bash
# Prepares what the test harness needs to run a real WordPress locally, without a web server package or a database
# server: PHP 8.2 (CLI and extensions) from apt, WordPress core files with the Twenty Twenty-Five theme, and the SQLite
# Database Integration plugin (shipped inside the npm package @wp-playground/cli). Two WordPress versions:
# - 7.1, the current release: the release files in a pinned tarball (wordpress-7.1.0.tar.gz, checked against its
#   SHA-256 before it is unpacked), by default from the shared vendor folder beside the repository
#   (../shared/vendor/), or from POSTWRIGHT_WP_TARBALL;
# - 6.8: Debian trixie's `wordpress` packages (fetched from the Debian mirror apt uses and unpacked, not installed, so
#   apache is not pulled in; the files they link to come from this release's libjs-* and php-getid3 packages), the
#   oldest WordPress the plugin's scripts run on.
# Files go to a cache folder that is not committed, one per version. Safe to run again: it returns quickly when
# everything is already in place.
#
# Usage: bash tests/support/wordpress/install.sh [7.1|6.8]   (as root, or with sudo, when PHP still has to be installed)
# The version comes from the argument, else WORDPRESS_VERSION, else 7.1 when its tarball is there and 6.8 otherwise
# (saying so).
# Environment: POSTWRIGHT_WP_CACHE overrides the cache folder of 6.8 (default: <repo>/node_modules/.cache/wordpress);
# 7.1's is the same path with "-7.1" appended. POSTWRIGHT_WP_TARBALL overrides the 7.1 tarball's path.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
base_cache="${POSTWRIGHT_WP_CACHE:-$repo/node_modules/.cache/wordpress}"

# WordPress 7.1, pinned by checksum (the release files of tag 7.1.0).
wp71_tarball="${POSTWRIGHT_WP_TARBALL:-$repo/../shared/vendor/wordpress-7.1.0.tar.gz}"
wp71_sha256="18bd2311db44b79510eba472d9f39ac0b61d3fe006eb794895fae01e5a8aa137"

log() { printf 'wordpress-install: %s\n' "$*" >&2; }

version="${1:-${WORDPRESS_VERSION:-}}"
if [ -z "$version" ]; then
  if [ -f "$wp71_tarball" ]; then
    version="7.1"
  else
    version="6.8"
    log "WordPress 7.1's release tarball is not at $wp71_tarball (set POSTWRIGHT_WP_TARBALL), so WordPress 6.8 from Debian is used"
  fi
fi
case "$version" in
  7.1) cache="$base_cache-7.1" ;;
  6.8) cache="$base_cache" ;;
  *)
    log "unknown WordPress version \"$version\": use 7.1 or 6.8"
    exit 2
    ;;
esac

# Bump when the layout of the cache or the pinned versions change, so old caches are rebuilt.
layout_version="4"
# WordPress 6.8, pinned by file name and checksum: Debian's current release carries 6.8, the oldest WordPress the
# plugin supports runs on (bookworm's 6.1 lacks React 18 and the editor APIs its scripts need).
wp_pool="pool/main/w/wordpress"
wp_debs=(
  "wordpress_6.8.7+dfsg1-0+deb13u1_all.deb b6716bf40142516c0120cebb63c4cb323354277dbf90aa0e9a5d9bae3fca2d38"
  "wordpress-theme-twentytwentyfive_6.8.7+dfsg1-0+deb13u1_all.deb 7af11e32a8499e27ac38c35b0d2b5319e499eebe63cf80b4f7610fb375dfb708"
)
# Packages WordPress's files link into (JavaScript libraries and getID3), from the machine's own release through apt.
wp_link_packages=(php-getid3 libjs-underscore libjs-lodash libjs-cropper)
playground_cli="@wp-playground/cli@3.1.56"
php_packages=(php-cli php-sqlite3 php-mysql php-xml php-mbstring php-curl php-gd php-intl php-zip)
# PHP modules WordPress and the harness use, as `php -m` names them.
php_modules=(pdo_sqlite mysqli dom xml mbstring curl gd intl zip)

missing_php_modules() {
  if ! command -v php >/dev/null 2>&1; then
    echo "php"
    return
  fi
  local loaded
  loaded="$(php -m 2>/dev/null | tr '[:upper:]' '[:lower:]')"
  local m
  for m in "${php_modules[@]}"; do
    grep -qx "$m" <<<"$loaded" || echo "$m"
  done
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo "$@"
  else
    return 1
  fi
}

apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  if ! as_root apt-get install -y -q --no-install-recommends "$@" >/dev/null; then
    as_root apt-get update -q >/dev/null
    as_root apt-get install -y -q --no-install-recommends "$@" >/dev/null
  fi
}

ensure_php() {
  local missing
  missing="$(missing_php_modules)"
  [ -z "$missing" ] && return 0
  log "installing PHP (missing: $(echo $missing))"
  if ! command -v apt-get >/dev/null 2>&1; then
    log "PHP 8 with these extensions is needed: $(echo $missing). Install them with your package manager."
    exit 1
  fi
  if ! apt_install "${php_packages[@]}"; then
    log "could not install PHP. Run as root: apt-get install -y ${php_packages[*]}"
    exit 1
  fi
  missing="$(missing_php_modules)"
  if [ -n "$missing" ]; then
    log "PHP is still missing: $(echo $missing)"
    exit 1
  fi
}

# The Debian archive apt downloads from (the main suite, not the security one); POSTWRIGHT_DEBIAN_MIRROR overrides it.
debian_mirror() {
  if [ -n "${POSTWRIGHT_DEBIAN_MIRROR:-}" ]; then
    echo "${POSTWRIGHT_DEBIAN_MIRROR%/}"
    return
  fi
  local uri
  uri="$(apt-get indextargets --format '$(REPO_URI) $(CODENAME)' 'Created-By: Packages' 2>/dev/null |
    awk '$2 !~ /-/ { print $1; exit }')"
  echo "${uri:-http://deb.debian.org/debian/}" | sed 's:/*$::'
}

fetch_wordpress_debs() {
  local into="$1" mirror entry file sum output
  mirror="$(debian_mirror)"
  for entry in "${wp_debs[@]}"; do
    file="${entry%% *}"
    sum="${entry##* }"
    # apt-helper checks the checksum; its notice about downloading as root into a private folder is noise here.
    if ! output="$(/usr/lib/apt/apt-helper download-file "$mirror/$wp_pool/$file" "$into/$file" "SHA256:$sum" 2>&1)"; then
      log "could not download $mirror/$wp_pool/$file (set POSTWRIGHT_DEBIAN_MIRROR to a Debian mirror that has it):"
      log "$output"
      exit 1
    fi
  done
}

cache_ready() {
  [ -f "$cache/.complete" ] && [ "$(cat "$cache/.complete")" = "$layout_version" ]
}

# WordPress 7.1 from its release tarball, after checking the tarball's SHA-256.
unpack_wordpress_tarball() {
  local work="$1" sum
  if [ ! -f "$wp71_tarball" ]; then
    log "WordPress 7.1's release tarball is missing: $wp71_tarball (set POSTWRIGHT_WP_TARBALL to wordpress-7.1.0.tar.gz)"
    exit 1
  fi
  sum="$(sha256sum "$wp71_tarball" | cut -d' ' -f1)"
  if [ "$sum" != "$wp71_sha256" ]; then
    log "$wp71_tarball has SHA-256 $sum, not WordPress 7.1.0's $wp71_sha256: refusing to unpack it"
    exit 1
  fi
  log "unpacking WordPress 7.1 from $wp71_tarball"
  tar -xzf "$wp71_tarball" -C "$work/out" wordpress
  rm -f "$work/out/wordpress/wp-config.php"
}

build_cache() {
  local work
  work="$(mktemp -d "${TMPDIR:-/tmp}/wordpress-install.XXXXXX")"
  trap 'rm -rf "$work"' RETURN
  mkdir -p "$work/out" "$work/npm"
  if [ "$version" = "7.1" ]; then
    unpack_wordpress_tarball "$work"
  else
    fetch_debian_wordpress "$work"
  fi
  add_sqlite_plugin "$work"

  echo "$layout_version" >"$work/out/.complete"
  mkdir -p "$(dirname "$cache")"
  rm -rf "$cache.old"
  [ -e "$cache" ] && mv "$cache" "$cache.old"
  mv "$work/out" "$cache"
  rm -rf "$cache.old"
  log "ready in $cache"
}

# WordPress 6.8 from Debian's packages.
fetch_debian_wordpress() {
  local work="$1"
  log "downloading WordPress core files from Debian"
  mkdir -p "$work/debs" "$work/root"
  fetch_wordpress_debs "$work/debs"
  if ! (cd "$work/debs" && apt-get download -q "${wp_link_packages[@]}" >/dev/null 2>&1); then
    as_root apt-get update -q >/dev/null || {
      log "apt-get download failed and apt lists cannot be refreshed. Run as root: apt-get update"
      exit 1
    }
    (cd "$work/debs" && apt-get download -q "${wp_link_packages[@]}" >/dev/null)
  fi
  local deb
  for deb in "$work"/debs/*.deb; do
    dpkg-deb -x "$deb" "$work/root"
  done
  # Debian points a few files at system paths (an .htaccess in /etc, the CA bundle): drop links that do not resolve
  # here, then copy with every remaining link resolved so the tree stands on its own.
  find -L "$work/root/usr/share/wordpress" -type l -delete
  rm -f "$work/root/usr/share/wordpress/wp-config.php"
  # The theme package unpacks into the same tree (wp-content/themes/twentytwentyfive).
  cp -rL "$work/root/usr/share/wordpress" "$work/out/wordpress"
}

add_sqlite_plugin() {
  local work="$1"
  log "fetching the SQLite Database Integration plugin"
  local zip="$repo/node_modules/@wp-playground/cli/sqlite-database-integration.zip"
  if [ ! -f "$zip" ]; then
    (cd "$work/npm" && npm pack --silent "$playground_cli" >/dev/null)
    tar -xzf "$work"/npm/*.tgz -C "$work/npm" package/sqlite-database-integration.zip
    zip="$work/npm/package/sqlite-database-integration.zip"
  fi
  php -r '$z = new ZipArchive(); if ($z->open($argv[1]) !== true || !$z->extractTo($argv[2])) { exit(1); }' \
    "$zip" "$work/sqlite"
  mv "$work/sqlite/plugin-sqlite-database-integration" "$work/out/sqlite-database-integration"
}

# One run at a time (test files start sites in parallel, and apt allows one installer).
mkdir -p "$(dirname "$cache")"
exec 9>"$cache.lock"
flock 9
ensure_php
if ! cache_ready; then
  build_cache
fi
