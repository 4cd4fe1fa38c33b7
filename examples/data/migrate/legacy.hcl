# Settings of the billing service (format 1).
# Reviewed by ops on 2026-03-02: do not lower the worker count.

name        = "billing"
listen_port = 8080 # behind the load balancer
workers     = 8

/* The old name of the upstream block was "backend". */
backend "ledger" {
  address    = "10.0.4.12:7000"
  timeout_ms = 2500 # the ledger is slow at month end
  legacy_tls = false
}
