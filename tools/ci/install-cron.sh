#!/usr/bin/env bash
# Installs what the backup-scheduling tests need: Debian's `cron` package (its setgid `crontab` program
# edits per-user crontabs; the daemon need not run), and the scratch users whose crontabs the end-to-end
# tests edit (one per test file, so parallel tests never share one), so no real user's crontab is touched.
# Idempotent: nothing is fetched or created twice.
set -euo pipefail

bash "$(dirname "$0")/apt-ensure.sh" install-cron cron

sudo=''
if [ "$(id -u)" -ne 0 ]; then sudo='sudo'; fi
for user in huntforge-crontest huntforge-crontest-cli huntforge-crontest-web; do
  if ! id "$user" >/dev/null 2>&1; then
    $sudo useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
    echo "install-cron: created scratch user $user"
  fi
done
echo "install-cron: $(command -v crontab)"
