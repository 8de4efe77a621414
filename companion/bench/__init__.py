"""Benchmarks: `companion bench NAME` prints figures measured on this machine."""
