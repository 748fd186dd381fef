"""Players' names as a director types them: the members a name that is none of theirs is close to.

On the pairs page a name that is no member's is a guest's. Often it is a member's name mistyped ("Klara
Kowalczik" for Klara Kowalczyk), typed without its Polish letters ("Lukasz Zolnierczyk" for Łukasz
Żołnierczyk) or surname first ("Kowalczyk Klara"); the page then asks "did you mean …?" before it makes a
guest. This module finds whom to offer:

* :func:`fold` — a name as it is compared: lower case, letters without their accents (ł as l), one space
  between words;
* :func:`edit_distance` — the optimal-string-alignment distance: the fewest letters inserted, deleted or
  changed, or two neighbours swapped, that turn one folded name into the other;
* :func:`nearest_names` — the names within reach of a typed one, nearest first.

Algorithm notes. A name is close when its distance to the typed one, in the given order or with its words
reversed (surname first), is at most :func:`reach` of the typed name: one edit for a name of up to 11
letters, two up to 17, three beyond — a typo or two in a long name, never a different short name. Two
names whose folded forms are equal (only accents or letter case differ) are at distance 0 and are offered
too: the director still says which is meant. The distance is Damerau's restricted form (each letter edited
once), computed row by row in O(len(a) × len(b)); names whose lengths differ by more than the reach are not
compared at all, so a club of hundreds of members costs little per name typed.

>>> nearest_names("Klara Kowalczik", ["Klara Kowalczyk", "Olga Ostrowska", "Klara Kowalska"])
['Klara Kowalczyk']
>>> nearest_names("kowalczyk klara", ["Klara Kowalczyk"]), nearest_names("Lukasz Zolnierczyk", ["Łukasz Żołnierczyk"])
(['Klara Kowalczyk'], ['Łukasz Żołnierczyk'])
>>> nearest_names("Jan Nowak", ["Anna Nowak", "Olga Ostrowska"])
[]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

__all__ = ["fold", "edit_distance", "reach", "nearest_names"]

#: Letters NFKD does not take apart into a base letter and an accent.
_PLAIN = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th"})


def fold(name: str) -> str:
    """``name`` as names are compared: lower case, accents dropped, hyphens as spaces, one space between words.

    >>> fold("  Łukasz   ŻOŁNIERCZYK-Nowak ")
    'lukasz zolnierczyk nowak'
    """
    text = unicodedata.normalize("NFKD", name.casefold()).translate(_PLAIN)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.replace("-", " ").split())


def edit_distance(a: str, b: str) -> int:
    """The fewest insertions, deletions, changes of one letter or swaps of two neighbours turning ``a`` into ``b``
    (optimal string alignment: no letter is edited twice).

    >>> edit_distance("kowalczik", "kowalczyk"), edit_distance("klara", "kalra"), edit_distance("", "ada")
    (1, 1, 3)
    """
    if len(a) < len(b):
        a, b = b, a
    before: list[int] = []
    above = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(above[j] + 1, row[j - 1] + 1, above[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], before[j - 2] + 1)
        before, above = above, row
    return above[len(b)]


def reach(typed: str) -> int:
    """How many edits a folded name may be from ``typed`` (folded) and still be offered: 1, 2 or 3 by its length.

    >>> reach("jan nowak"), reach("klara kowalczik"), reach("gunnarsdottir greta maria")
    (1, 2, 3)
    """
    return max(1, min(3, len(typed) // 6))


def nearest_names(typed: str, names: Iterable[str], *, most: int = 3) -> list[str]:
    """The ``names`` (each once, as given) within :func:`reach` of ``typed``, nearest first, then in the order given;
    at most ``most`` of them. A name equal to ``typed`` letter for letter is not offered (it is the same name).
    """
    wanted = fold(typed)
    if not wanted:
        return []
    limit = reach(wanted)
    found: list[tuple[int, int, str]] = []
    seen: set[str] = set()
    for order, name in enumerate(names):
        if name in seen or name == typed:
            continue
        seen.add(name)
        folded = fold(name)
        if not folded or abs(len(folded) - len(wanted)) > limit:
            continue
        distance = min(edit_distance(wanted, folded), edit_distance(wanted, " ".join(reversed(folded.split()))))
        if distance <= limit:
            found.append((distance, order, name))
    return [name for _distance, _order, name in sorted(found)[:most]]
