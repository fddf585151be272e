"""What files take on a Pico's flash: littlefs blocks as MicroPython's statvfs counts them.

MicroPython's rp2 port formats the Pico's flash as littlefs v2 with 4096-byte
blocks (and a program size of 256, so a 1024-byte cache). What a file system
takes there, measured on the real RPI_PICO firmware (1.25) and explained by
littlefs's own design and specification documents
(github.com/littlefs-project/littlefs):

- A file of at most `inline_max(bsize)` bytes (an eighth of a block: 512) is
  *inline*: its data lives in its folder's metadata, it has no block of its own.
- A larger file is a CTZ skip-list: data blocks, where block i > 0 starts with
  ctz(i) + 1 pointers of 4 bytes. So a file takes its size in blocks, rounded
  up, and a little more once it spans many blocks (`file_blocks`).
- Every folder is a metadata pair: 2 blocks. Each entry in it costs its name
  plus a tag (4 bytes), a struct (12 bytes: the first block and the size, or
  the inline data with its tag) and, for a file, the 12-byte modification time
  MicroPython records. When a pair's compacted metadata passes half a block,
  littlefs splits the folder into another pair (2 more blocks); pairs are not
  merged again, so the measured pairs held 3 inline files of 500 bytes, or 46
  entries of block files, each.
- statvfs counts each folder's first pair twice (lfs_fs_traverse visits it both
  as the parent's entry and in the list of metadata pairs): a new folder takes
  4 blocks of the free count, 2 of them real. The deploy counts as statvfs does,
  so what it predicts is what `os.statvfs` shows afterwards, and the 2 blocks a
  folder that are not really spent are the margin littlefs needs to move a
  metadata pair.

`blocks(files, dirs, bsize)` is the whole file system in those terms; the
deploy compares it before and after its plan. host_tests/tools/deploy/test_deploy.py checks
the model against the numbers measured on the emulated Pico.
"""

_TAG = 4                # every metadata tag
_STRUCT = 4 + 8         # a block file's struct tag (first block, size) or a folder's pair
_MTIME = 4 + 8          # the timestamp attribute MicroPython writes on each file
_SUPERBLOCK = 4 + 8 + 4 + 24    # the root's "littlefs" entry and its superblock struct


def inline_max(bsize):
    """Largest file littlefs keeps in its folder's metadata (no block of its own)."""
    return min(1022, bsize // 8)


def file_blocks(size, bsize):
    """Blocks of a file's data: 0 if inline, else its CTZ skip-list's blocks."""
    if size <= inline_max(bsize):
        return 0
    n, room = 1, bsize
    while room < size:
        # block n starts with ctz(n) + 1 pointers (n & -n isolates the lowest set bit)
        room += bsize - 4 * (n & -n).bit_length()
        n += 1
    return n


def entry_bytes(name, size, is_dir, bsize):
    """The bytes an entry takes in its folder's compacted metadata."""
    if is_dir:
        return _TAG + len(name) + _STRUCT
    data = _TAG + size if size <= inline_max(bsize) else _STRUCT
    return _TAG + len(name) + data + _MTIME


def pairs(entries, bsize):
    """Metadata pairs of a folder whose entries take these bytes (in name order)."""
    limit = bsize // 2
    n, used = 1, 0
    for b in entries:
        if used and used + b > limit:
            n += 1
            used = 0
        used += b
    return n


def blocks(files, dirs, bsize):
    """Blocks the file system takes as statvfs counts them.

    files: {path: size}; dirs: folder paths ("" or "/" for the root is implied),
    relative to the root, "/"-separated.
    """
    folders = dict((d.strip("/"), []) for d in dirs)
    folders[""] = [_SUPERBLOCK]
    total = 0
    for d in list(folders):
        if d:
            parent, _, name = d.rpartition("/")
            folders.setdefault(parent, []).append((name, entry_bytes(name, 0, True, bsize)))
    for path in sorted(files):
        size = files[path]
        parent, _, name = path.rpartition("/")
        folders.setdefault(parent, []).append((name, entry_bytes(name, size, False, bsize)))
        total += file_blocks(size, bsize)
    for d, entries in folders.items():
        sized = [e if isinstance(e, int) else e[1]
                 for e in sorted(entries, key=lambda e: "" if isinstance(e, int) else e[0])]
        total += 2 * pairs(sized, bsize) + (2 if d else 0)   # a folder's first pair twice
    return total
