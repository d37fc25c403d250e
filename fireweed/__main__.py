"""`python -m fireweed` is the `fireweed` command."""

from fireweed.cli import main

main()
