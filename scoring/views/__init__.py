"""HTML pages of the scoring app: ``scorer`` (paper travellers typed in, board by board), ``director``
(ranking, travellers, corrections and adjustments, publication), ``pairs`` … each module with its
own ``urlpatterns``, joined in ``scoring/urls.py``."""
