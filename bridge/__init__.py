"""The ground floor: the words of bridge, in plain Python, imported by every app and importing nothing of ours.

* ``cards`` — seats, suits, strains, ranks, cards, hands, deals; a board's number with its dealer and
  vulnerability;
* ``auction`` — calls and auctions (legal calls, the final contract);
* ``contract`` — contracts and the Law 77 score of a result;
* ``imps`` — the Law 78B IMP scale and the two ways IMP pairs compare a result with the field;
* ``text`` — messages as data, each sentence written once and said in the reader's language at the edge;
* ``words`` — this floor's own messages (a card, a call or a contract written wrongly) and the words every
  domain uses to name a seat or a suit in a sentence;
* ``errors`` — :class:`~bridge.errors.BridgeError`, which every domain's error is.

It is not a Django app: no models, no settings. ``tests/test_floors.py`` holds it below every app.
"""
