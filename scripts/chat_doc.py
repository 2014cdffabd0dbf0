#!/usr/bin/env python3
"""Writes a chat layout document of N messages (3 views each: bubble, text,
timestamp), in the shape of Examples/chat.json, for measuring text layout at
scale:

    python3 scripts/chat_doc.py 1000 > /tmp/chat-1000.json
    plumb solve /tmp/chat-1000.json --stats -o /dev/null

Message lengths cycle deterministically from 2 to 60 words, so some texts
fit on one line and others wrap; the same sentence recurs every 29 messages
(the measurement cache shares those).
"""
import json
import sys

WORDS = ("layout engine measures every text at the width it gets and the bubble grows "
         "taller when its words wrap onto another line so content decides size").split()


def message(i):
    count = 2 + (i * 7) % 59
    start = (i * 5) % len(WORDS)
    words = [WORDS[(start + k) % len(WORDS)] for k in range(count)]
    return " ".join(words).capitalize() + "."


def document(n, width=375):
    views, constraints = [], []
    previous = None
    for i in range(n):
        b, t, s = f"bubble{i}", f"text{i}", f"time{i}"
        views.append({"id": b})
        views.append({"id": t, "parent": b,
                      "text": {"string": message(i % 29 if i >= 29 else i), "size": 15, "lineHeight": 20}})
        views.append({"id": s, "text": {"string": f"{9 + i // 60 % 12}:{i % 60:02d}", "size": 11}})
        constraints += [
            f"{t}.left = {b}.left + 12", f"{t}.right = {b}.right - 12",
            f"{t}.top = {b}.top + 8", f"{b}.bottom = {t}.bottom + 8",
            f"{b}.width <= 0.75 * root.width",
            f"{s}.lastBaseline = {t}.lastBaseline",
        ]
        if i % 2 == 0:
            constraints += [f"{b}.left = root.left + 12", f"{s}.left = {b}.right + 6"]
        else:
            constraints += [f"{b}.right = root.right - 12", f"{s}.right = {b}.left - 6"]
        constraints.append(f"{b}.top = root.top + 12" if previous is None else f"{b}.top = {previous}.bottom + 10")
        previous = b
    if previous is not None:
        constraints.append(f"root.bottom = {previous}.bottom + 12")
    return {"id": f"chat-{n}", "root": {"width": width, "height": "fit"}, "views": views, "constraints": constraints}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    json.dump(document(n), sys.stdout)
    sys.stdout.write("\n")
