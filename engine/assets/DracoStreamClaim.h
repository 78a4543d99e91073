#pragma once
// What a Draco mesh stream claims about its size, read from its header and the start of its
// connectivity without decoding it. libdraco sizes its tables from these claims before it has
// read the data behind them (its edgebreaker decoder allocates a corner table for every claimed
// face from a stream of a few bytes), so the importer checks them against the glTF accessors
// the stream must fill before it lets libdraco decode anything.
// The layout is the Draco bitstream specification's, versions 1.x to 2.2.
#include <cstdint>
#include <string>
#include <string_view>

namespace th {

struct DracoMeshClaim {
    uint64_t faces = 0;
    /// Sequential encoding: the points the stream decodes. Edgebreaker: the vertices its
    /// connectivity encodes (the decoded points can be more, where attribute seams split
    /// vertices, but never more than three per face).
    uint64_t vertices = 0;
    bool edgebreaker = false;
    int versionMajor = 0, versionMinor = 0;
    /// Empty when the claim was read; else why the stream is not a Draco mesh stream whose
    /// counts can be read (libdraco would refuse it too).
    std::string problem;
};

DracoMeshClaim readDracoMeshClaim(std::string_view stream);

} // namespace th
