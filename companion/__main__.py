"""`python -m companion` runs the same command line as the `companion` script."""

import sys

from companion.cli import main

sys.exit(main())
