#include "assets/JpegTableCheck.h"

#include <cstdint>

#include "core/Str.h"

namespace th {

namespace {

uint8_t byteAt(std::string_view b, size_t i) { return uint8_t(b[i]); }

/// The DHT segment's payload: tables of a class/id byte, 16 counts and as many symbols.
std::string dhtProblem(std::string_view payload, size_t offset) {
    size_t at = 0;
    while (at < payload.size()) {
        if (payload.size() - at < 17)
            return str("the Huffman table segment at byte ", offset, " ends inside a table's 16 counts");
        unsigned symbols = 0;
        for (size_t i = 1; i <= 16; ++i) symbols += byteAt(payload, at + i);
        if (symbols > 256)
            return str("the Huffman table segment at byte ", offset, " gives ", symbols,
                       " codes, more than the 256 a table can hold");
        at += 17;
        if (payload.size() - at < symbols)
            return str("the Huffman table segment at byte ", offset, " ends inside its ", symbols, " symbols");
        at += symbols;
    }
    return {};
}

} // namespace

std::string jpegHuffmanTableProblem(std::string_view b) {
    // stb_image takes any run of 0xFF before a marker as fill, the first one included.
    size_t at = 0;
    while (at < b.size() && byteAt(b, at) == 0xFF) ++at;
    if (at == 0 || at >= b.size() || byteAt(b, at) != 0xD8) return {};
    ++at;
    while (at + 1 < b.size()) {
        if (byteAt(b, at) != 0xFF) { // entropy-coded data after a scan: find the next marker
            ++at;
            continue;
        }
        const uint8_t marker = byteAt(b, at + 1);
        // Fill bytes, byte stuffing (FF 00), restart markers, SOI and TEM have no length.
        if (marker == 0xFF) {
            ++at;
            continue;
        }
        if (marker == 0x00 || (marker >= 0xD0 && marker <= 0xD8) || marker == 0x01) {
            at += 2;
            continue;
        }
        if (marker == 0xD9) return {}; // end of image
        if (b.size() - at < 4) return {}; // a cut-short file: the decoder says so itself
        const size_t length = (size_t(byteAt(b, at + 2)) << 8) | byteAt(b, at + 3);
        if (length < 2) return {}; // stb_image reads nothing of such a segment
        // stb_image reads a DHT segment's tables even where the file ends before the segment
        // does, so a segment cut short by the end of the file is checked too.
        const bool cutShort = length > b.size() - at - 2;
        if (marker == 0xC4) {
            std::string problem = dhtProblem(b.substr(at + 4, length - 2), at);
            if (problem.empty() && cutShort)
                problem = str("the Huffman table segment at byte ", at, " runs past the end of the file");
            if (!problem.empty()) return problem;
        }
        if (cutShort) return {};
        at += 2 + length;
    }
    return {};
}

} // namespace th
