"""Developer tools the build runs: the benchmark and the shared Chromium settings."""
