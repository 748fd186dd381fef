"""Reads of the scoring app: ``layout`` (who plays whom on which boards), ``results`` (pairs,
traveller lines, the session scored now), ``publication`` (what players are shown)."""
