"""Process figures for the load tests and benchmarks (Linux /proc)."""

from __future__ import annotations

__all__ = ["rss_kb", "format_mb"]


def rss_kb(pid: int) -> int:
    """Resident set size (VmRSS) of process `pid` in KiB, read from /proc/PID/status."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS line for process {pid}")


def format_mb(kib: int) -> str:
    return f"{kib / 1024:.1f} MB"
