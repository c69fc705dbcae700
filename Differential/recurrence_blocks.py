"""What the converters of other projects' recurrence suites share: writing the blocks."""
import sys


def emit(header, blocks, skipped):
    """Writes `header` (comment lines) and the case `blocks` to stdout in the block format of
    Fixtures/recurrence/README.md, and what was skipped, with why, to stderr."""
    sys.stdout.write("\n".join(header) + "\n\n" + "\n\n".join(blocks) + "\n")
    for name, why in skipped:
        print("skipped %s: %s" % (name, why), file=sys.stderr)
    print("%d cases, %d skipped" % (len(blocks), len(skipped)), file=sys.stderr)
