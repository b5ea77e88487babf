"""Checks beyond the tests' asserts: the firmware lint and mutation runs."""
