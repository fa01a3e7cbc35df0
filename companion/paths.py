"""Where the companion keeps its files: the journal and print queue, and the config file.

On the Pi the service's systemd unit sets `STATE_DIRECTORY` and the config is
`/etc/companion/config.toml`; on a laptop both live in the user's platform directories.
`COMPANION_STATE_DIR` and `COMPANION_CONFIG` override either (tests, a second table).
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "table-companion"
SYSTEM_CONFIG = Path("/etc/companion/config.toml")


def state_dir() -> Path:
    """The directory for the journal, its backups and the print queue (not created here)."""
    chosen = os.environ.get("COMPANION_STATE_DIR") or os.environ.get("STATE_DIRECTORY", "").split(":")[0]
    if chosen:
        return Path(chosen)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_path() -> Path:
    """The config file in force: it need not exist (then every default holds)."""
    chosen = os.environ.get("COMPANION_CONFIG")
    if chosen:
        return Path(chosen)
    if SYSTEM_CONFIG.exists():
        return SYSTEM_CONFIG
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False)) / "config.toml"
