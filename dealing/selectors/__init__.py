"""Every read of the dealing app with a visibility rule, one module per feature; names re-exported here."""

from dealing.selectors.boards import (  # noqa: F401
    board_for_viewer,
    hand_record_for_viewer,
    hand_record_pbn_for_viewer,
    session_board_count,
    session_dealing_summary,
)
from dealing.selectors.commitments import (  # noqa: F401
    commitment_audit,
    commitment_get_for_auditor,
    commitment_get_for_director,
    commitment_get_for_viewer,
    commitment_list_for_user,
)
