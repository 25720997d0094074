#!/usr/bin/env python3
"""Fails when a user-visible string of the GUI sources is missing from a translation or left unfinished.

Runs lupdate on the same sources as app/CMakeLists.txt (app/gui, app/main_gui.cpp, widgets/) into a
temporary .ts and compares its messages (context, source, comment) with the checked-in translation.
Fix a failure with `cmake --build BUILD --target update_translations`, then translate the new strings
(Qt Linguist, or by editing translations/opscope_zh_CN.ts)."""
import argparse
import pathlib
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def sources(root):
    files = sorted((root / "app" / "gui").glob("*.cpp")) + sorted((root / "app" / "gui").glob("*.h"))
    files.append(root / "app" / "main_gui.cpp")
    for ext in ("*.cpp", "*.h"):
        files += sorted((root / "widgets").rglob(ext))
    return [str(f) for f in files]


def messages(ts_path):
    """{(context, source, comment): (kind, [translation texts])} for the live messages of a .ts file."""
    out = {}
    for context in ET.parse(ts_path).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            tr = message.find("translation")
            kind = tr.get("type", "") if tr is not None else "missing"
            if kind in ("vanished", "obsolete"):
                continue
            if tr is None:
                texts = []
            elif message.get("numerus") == "yes":
                texts = [(f.text or "") for f in tr.iter("numerusform")]
            else:
                texts = [tr.text or ""]
            key = (name, message.findtext("source", ""), message.findtext("comment", ""))
            out[key] = (kind, texts)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lupdate", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--ts", required=True, help="the translation to check, e.g. translations/opscope_zh_CN.ts")
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    with tempfile.TemporaryDirectory() as tmp:
        fresh_ts = pathlib.Path(tmp) / "fresh.ts"
        list_file = pathlib.Path(tmp) / "sources.lst"
        list_file.write_text("\n".join(sources(root)) + "\n")
        run = subprocess.run([args.lupdate, "-silent", "-no-obsolete", "-locations", "none",
                              "-I", str(root), "@" + str(list_file), "-ts", str(fresh_ts)],
                             capture_output=True, text=True)
        if run.returncode != 0 or not fresh_ts.exists():
            print("lupdate failed:", run.stdout, run.stderr, file=sys.stderr)
            return 2
        fresh = messages(fresh_ts)
    checked = messages(args.ts)
    problems = []
    for key in sorted(fresh):
        context, source, comment = key
        where = f"[{context}] {source!r}" + (f" ({comment})" if comment else "")
        if key not in checked:
            problems.append(f"missing:    {where}")
            continue
        kind, texts = checked[key]
        if kind == "unfinished":
            problems.append(f"unfinished: {where}")
        elif not texts or any(not t.strip() for t in texts):
            problems.append(f"empty:      {where}")
    print(f"{len(fresh)} strings in the sources, {len(checked)} in {args.ts}, {len(problems)} problems")
    for p in problems:
        print(p)
    if problems:
        print("Run `cmake --build BUILD --target update_translations` and translate the strings above.")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
