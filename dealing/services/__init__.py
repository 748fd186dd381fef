"""Every write of the dealing app, one module per feature; the names are re-exported here."""

from dealing.services.boards import (  # noqa: F401
    dealing_file_download,
    session_boards_analyse,
    session_deal_fresh,
    session_deal_from_commitment,
    session_deal_import,
)
from dealing.services.commitments import (  # noqa: F401
    commitment_create,
    commitment_delete,
    commitment_enter_dv,
    commitment_publish,
    commitment_reveal,
)
