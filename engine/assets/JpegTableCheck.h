#pragma once
// A check of a JPEG's Huffman tables before stb_image reads them. Debian 12's stb_image (v2.27)
// builds each table's code-length list into a 257-byte array without checking that the 16
// counts of a DHT segment sum to at most 256 (fixed upstream in v2.28), so a crafted JPEG
// writes past that array inside its decoder state. The importer cannot patch the library it
// links; it refuses such a file before stb_image sees it. Found by fuzzing (tests/fuzz).
#include <string>
#include <string_view>

namespace th {

/// Empty when every DHT segment of the JPEG `bytes` is well formed (or `bytes` is not a JPEG);
/// else what is wrong, with the segment's offset. Reads only the segment headers: the
/// entropy-coded data between them is skipped, as a decoder skips it.
std::string jpegHuffmanTableProblem(std::string_view bytes);

} // namespace th
