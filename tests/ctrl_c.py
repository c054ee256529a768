"""Children that a test stops with Ctrl-C."""
import contextlib
import signal


@contextlib.contextmanager
def ctrl_c_reaches_children():
    """A block whose ``Popen`` children start with SIGINT's default disposition, as in a terminal.

    A background job (``nohup ... &``) or a pytest-xdist worker ignores SIGINT, a child inherits
    an ignored signal through exec, and Python then installs no KeyboardInterrupt handler: the
    Ctrl-C a test sends would never arrive. A caught signal is reset to the default at exec, so
    the parent catches it meanwhile (nothing runs in the child before exec, where a
    ``preexec_fn`` would run Python in a forked copy of a process with threads).
    """
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, inherited)
