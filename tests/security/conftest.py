"""The hostile-input tests say how many inputs they fed, per parser and in total, at the end of the run."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    from tests.security.hostile import FED

    if not FED:
        return
    by_parser: dict[str, dict[str, int]] = {}
    for name, count in FED.items():
        parser, _, kind = name.partition(" ")
        by_parser.setdefault(parser, {})[kind or "fed"] = count
    terminalreporter.section("hostile inputs")
    for parser, kinds in sorted(by_parser.items()):
        detail = ", ".join(f"{kind} {count:,}" for kind, count in sorted(kinds.items()))
        terminalreporter.write_line(f"{parser:18} {sum(kinds.values()):>8,}  ({detail})")
    terminalreporter.write_line(f"hostile inputs: {sum(FED.values()):,}")
