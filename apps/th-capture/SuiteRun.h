#pragma once
// th-capture's suite mode: a suite's captures (or one shard of them) run in worker processes,
// judged against the goldens, golden updates that stay honest, and the reports; and the
// merge of the shards' reports. This process makes no GL context: each worker is th-capture
// itself with one capture's command line.
#include "CaptureOptions.h"
#include "CaptureSuite.h"

namespace th {

/// Runs `suite` as `options` say (--jobs, --shard, --compare, --update, ...). Returns the exit
/// status: 0 when every capture run passes (or is skipped), 1 otherwise.
int runCaptureSuite(const CaptureSuite& suite, const CaptureOptions& options);

/// --merge-reports: 0 when the merged run passes, 1 when a capture failed, a shard is missing
/// or the summaries cannot be merged (named).
int mergeCaptureReports(const CaptureOptions& options);

} // namespace th
