"""A test agent (`dying_agent:step`) whose worker process dies once in a job: the first call in
a job kills its own process (SIGKILL, as a lost machine would), and every later call plays the
first legal action. The job's marker file, named by LIFESPAN_TEST_DEATH_MARKER, records that
the death happened, so the re-run chunk plays on."""

import os
import signal


def step(state):
    marker = os.environ.get("LIFESPAN_TEST_DEATH_MARKER")
    if marker:
        try:
            descriptor = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            pass
        else:
            os.close(descriptor)
            os.kill(os.getpid(), signal.SIGKILL)
    return state.legal_actions()[0]
