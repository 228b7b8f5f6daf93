"""What the commands that serve a class share on the command line: ``--ip`` and
``--port``, checked as they are read (the servers themselves are
:mod:`cribbage_edu.classroom.serving`'s).

>>> ip_argument("127.0.0.1"), ip_argument("::")
('127.0.0.1', '::')
>>> ip_argument("300.1.1.1")
Traceback (most recent call last):
  ...
argparse.ArgumentTypeError: --ip '300.1.1.1' is not an address of this machine's networks: \
give one like 127.0.0.1 or 0.0.0.0
"""

from __future__ import annotations

import argparse
import ipaddress

from .console import CommandParser, count_argument, shortened

__all__ = ["add_address_arguments", "ip_argument"]


def ip_argument(text: str) -> str:
    """An argparse ``type=`` for ``--ip``: an IPv4 or IPv6 address, or ``""`` (every
    network), else one line naming it."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        if text == "":
            return text
        raise argparse.ArgumentTypeError(
            f"--ip {shortened(text)!r} is not an address of this machine's networks: give "
            f"one like 127.0.0.1 or 0.0.0.0") from None
    return text


ip_argument.__name__ = "--ip"


def add_address_arguments(parser: CommandParser, *, port: int) -> None:
    """Declare ``--ip`` (every network by default) and ``--port`` (``port`` by default)
    for a command that serves a class.

    >>> parser = CommandParser(prog="serve")
    >>> add_address_arguments(parser, port=8000)
    >>> parser.parse_args(["--ip", "127.0.0.1"])
    Namespace(ip='127.0.0.1', port=8000)
    """
    parser.add_argument("--ip", type=ip_argument, default="0.0.0.0",
                        help="the address to listen on (default 0.0.0.0: every network "
                             "of this machine; 127.0.0.1 for this machine only)")
    parser.add_argument("--port", type=count_argument("--port", 1, 65535), default=port,
                        help=f"the port (default {port})")
