"""Models of the dealing app, one module per feature; each engineer adds its import here."""

from dealing.models.board import Board, DealDownload, SessionDealing  # noqa: F401
from dealing.models.commitment import Commitment, CommitmentSession  # noqa: F401
from dealing.models.deal_set import DealSet, DealSetChunk, DealSetFile  # noqa: F401
from dealing.models.publication_log import PublicationLogEntry  # noqa: F401
