"""How fast a commitment is checked: the product's recomputation and the standalone verifier's.

Usage: .venv/bin/python scripts/bench_commitments.py [--boards 999] [--sessions 10]

Builds one commitment of SESSIONS sessions × BOARDS boards and, in one run, times:
* the commitment hash and dealing key (product);
* the product's recomputation of every deal number (reference path, as the audit page does);
* the standalone verifier (tools/verify_commitment.py) in a separate process: the whole check,
  including recomputing every deal with its own pure-Python dealer and Pavlicek decoder and
  comparing them with a PBN hand record of every session.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealing.domain.commitment import CommitmentRecord, RevealedCommitment, SessionEntry  # noqa: E402
from dealing.domain.numbering import number_to_deal  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=999)
    parser.add_argument("--sessions", type=int, default=10)
    args = parser.parse_args()
    record = CommitmentRecord(
        event="Benchmark",
        promise="DJIA close",
        dv_format="decimal:2",
        salt=bytes(16),
        sessions=tuple(SessionEntry(f"bench/s{k}", args.boards) for k in range(args.sessions)),
        key=bytes(range(32)),
    )
    revealed = RevealedCommitment(record, "43275.91")
    total = args.boards * args.sessions

    start = time.perf_counter()
    for _ in range(1000):
        revealed.dealing_key()
    key_time = (time.perf_counter() - start) / 1000

    start = time.perf_counter()
    numbers = revealed.deal_numbers()
    product = time.perf_counter() - start

    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        (folder / "published.json").write_text(json.dumps(record.published().to_json()))
        (folder / "revealed.json").write_text(json.dumps(revealed.to_json()))
        deal_args = []
        for label, values in numbers.items():
            name = label.replace("/", "_") + ".pbn"
            (folder / name).write_text(
                "".join(
                    f'[Board "{b}"]\n[Deal "{number_to_deal(n).to_pbn()}"]\n\n' for b, n in enumerate(values, start=1)
                )
            )
            deal_args += ["--deals", f"{label}={name}"]
        start = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                "-I",
                str(ROOT / "tools" / "verify_commitment.py"),
                "published.json",
                "revealed.json",
                *deal_args,
            ],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        verifier = time.perf_counter() - start
        assert done.returncode == 0, done.stderr

    print(f"commitment: {args.sessions} sessions x {args.boards} boards = {total:,} deals")
    print(f"hash + dealing key (product):          {key_time * 1e6:8.1f} µs")
    print(f"product recomputes every deal number:  {product:8.2f} s  ({total / product:,.0f} deals/s, reference path)")
    print(
        f"standalone verifier, whole check:      {verifier:8.2f} s  ({total / verifier:,.0f} deals/s, incl. "
        f"start-up, PBN reading and comparison)"
    )


if __name__ == "__main__":
    main()
