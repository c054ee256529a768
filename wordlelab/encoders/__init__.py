"""Encoders: turn a question into a CP-SAT or MIP model (they build, never solve)."""
