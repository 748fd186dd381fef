"""Celery tasks of the dealing app, one module per feature (Celery's autodiscovery imports this package)."""

from dealing.tasks.analysis import session_analysis_task  # noqa: F401
from dealing.tasks.deal_sets import (  # noqa: F401
    deal_set_analysis_chunk_task,
    deal_set_assemble_task,
    deal_set_chunk_task,
    deal_set_cleanup_task,
    deal_set_start_task,
)
