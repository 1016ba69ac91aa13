# A writer that changes a file through a shared memory mapping, as a database engine or a
# tool using mmap does: the first write to a page moves the file's modification and change
# times (the page fault), later writes to that page while it is still dirty do not. Used by
# test/integration/transfers/source-change.mapped.test.ts.
#
#   python3 mapped-writer.py FILE ACK_FIFO
# Reads "OFFSET VALUE" lines on stdin; writes byte VALUE at OFFSET through the one mapping it
# keeps, then writes "ok\n" to ACK_FIFO (which the test reads synchronously).
import mmap
import os
import sys

path, ack_path = sys.argv[1], sys.argv[2]
fd = os.open(path, os.O_RDWR)
mapping = mmap.mmap(fd, 0)
ack = open(ack_path, "w", buffering=1)
for line in sys.stdin:
    offset, value = (int(word) for word in line.split())
    mapping[offset] = value % 256
    ack.write("ok\n")
