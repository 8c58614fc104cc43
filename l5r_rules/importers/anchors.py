"""Paragraph anchors that outlive a re-import: `anchors`, carried from the entry file import replaces.

The site gives each top-level block of an entry's text an anchor `<entry id>-p<n>`
(l5r_rules/blocks.py), and judges share links to them. When a re-import joins two
paragraphs the page broke, or restores a list whose items were paragraphs, the blocks
after the join would be numbered one lower and every shared link to them would open the
wrong paragraph. So import numbers the new blocks by the old ones: each new block takes
the numbers of the old blocks whose words it holds (in order), the first as its anchor
and the others as aliases the page still answers to; of the new blocks an old block was
cut into, the first keeps its number; a block with no old counterpart (a reworded block
keeps the number of the old block in its place) takes the next unused number. The entry
keeps the result as `anchors` (["p1", "p2 p3", "p4"]: one item per block, the anchor
first) only while it is not plainly 1, 2, 3 ...; an entry whose blocks never changed has
no such field.
"""

from __future__ import annotations

from ..blocks import parse_anchors, top_level_blocks
from ..normalize import words_of


def _runs(old_words: list[list[str]], new_words: list[list[str]]) -> list[list[int]]:
    """For each new block, the positions of the old blocks it is made of: a run of consecutive
    old blocks whose words, one after the other, are exactly the new block's words. Old blocks
    that are gone (or changed) are skipped; a new block no run makes up gets none."""
    out: list[list[int]] = []
    at = 0
    for words in new_words:
        found: list[int] = []
        for start in range(at, len(old_words)):
            run, got = [], []
            for i in range(start, len(old_words)):
                got = got + old_words[i]
                run.append(i)
                if got != words[: len(got)] or len(got) >= len(words):
                    break
            if got == words and run:
                found = run
                break
        out.append(found)
        if found:
            at = found[-1] + 1
    _split(old_words, new_words, out)
    _contained(old_words, new_words, out)
    return out


def _split(old_words: list[list[str]], new_words: list[list[str]], runs: list[list[int]]) -> None:
    """An old block that consecutive new blocks make up between them (a list that now stands apart from
    its lead-in): the first of them keeps the old block's number, so a shared link still opens where
    the paragraph began; the others take new numbers."""
    used = {i for r in runs for i in r}
    for k in range(len(runs)):
        if runs[k]:
            continue
        lo = max((r[-1] + 1 for r in runs[:k] if r), default=0)
        hi = min((r[0] for r in runs[k + 1 :] if r), default=len(old_words))
        for i in (i for i in range(lo, hi) if i not in used and old_words[i]):
            got: list[str] = []
            for m in range(k, len(runs)):
                if runs[m]:
                    break
                got = got + new_words[m]
                if got != old_words[i][: len(got)] or got == old_words[i]:
                    break
            if got == old_words[i] and m > k:
                runs[k] = [i]
                used.add(i)
                break


def _key(words: list[str]) -> str:
    return "\x1f" + "\x1f".join(words) + "\x1f"


def _contained(old_words: list[list[str]], new_words: list[list[str]], runs: list[list[int]]) -> None:
    """A new block that no run makes up exactly (its text grew: a title's words joined it) takes the
    old blocks between its neighbours' runs whose words it holds."""
    for k, run in enumerate(runs):
        if run:
            continue
        lo = max((r[-1] + 1 for r in runs[:k] if r), default=0)
        hi = min((r[0] for r in runs[k + 1 :] if r), default=len(old_words))
        key = _key(new_words[k])
        runs[k] = [i for i in range(lo, hi) if old_words[i] and _key(old_words[i]) in key]
    _reworded(len(old_words), runs)


def _reworded(old_count: int, runs: list[list[int]]) -> None:
    """New blocks still without an old one, between the same two matched neighbours as as many old
    blocks no new block took, are those blocks reworded: each keeps its old block's number."""
    k = 0
    while k < len(runs):
        if runs[k]:
            k += 1
            continue
        end = k
        while end < len(runs) and not runs[end]:
            end += 1
        lo = max((r[-1] + 1 for r in runs[:k] if r), default=0)
        hi = min((r[0] for r in runs[end:] if r), default=old_count)
        used = {i for r in runs for i in r}
        free = [i for i in range(lo, hi) if i not in used]
        if len(free) == end - k:
            for j, i in zip(range(k, end), free):
                runs[j] = [i]
        k = end


def carry(old: dict | None, new_text: str) -> list[str] | None:
    """The `anchors` of `new_text`, numbered by the blocks of the old entry (None when plain)."""
    new_blocks = top_level_blocks(new_text)
    numbers: list[list[int]] = [[] for _ in new_blocks]
    seen: set[int] = set()
    if old and isinstance(old.get("text"), str):
        old_blocks = top_level_blocks(old["text"])
        old_numbers = parse_anchors(old.get("anchors"), len(old_blocks))
        seen = {n for nums in old_numbers for n in nums}
        runs = _runs([words_of(b) for b in old_blocks], [words_of(b) for b in new_blocks])
        for k, run in enumerate(runs):
            numbers[k] = sorted(n for i in run for n in old_numbers[i])
    fresh = max(seen, default=0)  # a number once given to another paragraph is never given again
    for nums in numbers:
        if not nums:
            fresh += 1
            nums.append(fresh)
    if numbers == [[n] for n in range(1, len(new_blocks) + 1)]:
        return None
    return [" ".join(f"p{n}" for n in nums) for nums in numbers]


def with_anchors(entry: dict, old: dict | None) -> dict:
    """The imported entry with its `anchors` (right after `text`) when they are not plain."""
    anchors = carry(old, entry["text"])
    out = {k: v for k, v in entry.items() if k != "anchors"}
    if anchors:
        out["anchors"] = anchors
    return out
