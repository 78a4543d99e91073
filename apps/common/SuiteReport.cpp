#include "common/SuiteReport.h"

#include <cstdio>
#include <map>
#include <set>

#include "core/Error.h"
#include "core/Files.h"
#include "core/Json.h"
#include "core/Str.h"

namespace th {

namespace {

const std::pair<CaptureStatus, const char*> kStatusNames[] = {
    {CaptureStatus::Passed, "passed"},   {CaptureStatus::Failed, "failed"},     {CaptureStatus::GoldenMissing, "golden-missing"},
    {CaptureStatus::Error, "error"},     {CaptureStatus::Crashed, "crashed"},   {CaptureStatus::TimedOut, "timed-out"},
    {CaptureStatus::Skipped, "skipped"}, {CaptureStatus::Captured, "captured"}, {CaptureStatus::Updated, "updated"},
};

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string relativeTo(const std::filesystem::path& p, const std::filesystem::path& folder) {
    if (p.empty()) return "";
    return std::filesystem::proximate(p, folder).generic_string();
}

/// Text for XML attributes and content (also valid HTML).
std::string xmlEscape(std::string_view s) {
    std::string out;
    for (unsigned char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default:
            // XML 1.0 allows no control characters but tab, newline and return.
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') out += '?';
            else out += char(c);
        }
    }
    return out;
}

} // namespace

const char* toString(CaptureStatus status) {
    for (auto& [s, name] : kStatusNames)
        if (s == status) return name;
    return "?";
}

CaptureStatus parseCaptureStatus(const std::string& name) {
    std::vector<std::string> names;
    for (auto& [s, n] : kStatusNames) {
        if (name == n) return s;
        names.push_back(n);
    }
    throw Error(str("unknown capture status '", name, "'; expected ", join(names, ", ")));
}

bool isFailure(CaptureStatus s) {
    return s != CaptureStatus::Passed && s != CaptureStatus::Skipped && s != CaptureStatus::Captured &&
           s != CaptureStatus::Updated;
}

int SuiteReport::failures() const {
    int n = 0;
    for (auto& o : outcomes) n += isFailure(o.status) ? 1 : 0;
    return n;
}

void writeSuiteSummary(const std::filesystem::path& file, const SuiteReport& r) {
    std::filesystem::path folder = file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path();
    folder = std::filesystem::absolute(folder);
    std::string out = str("{\n  \"suite\": ", json::quote(r.suite), ",\n  \"digest\": ", json::quote(r.digest),
                          ",\n  \"shard\": ", json::quote(r.shard), ",\n  \"wallSeconds\": ", number(r.wallSeconds),
                          ",\n  \"failures\": ", r.failures(), ",\n  \"suiteCaptures\": [");
    for (size_t i = 0; i < r.suiteCaptures.size(); ++i) out += str(i ? ", " : "", json::quote(r.suiteCaptures[i]));
    out += "],\n  \"staleGoldens\": [";
    for (size_t i = 0; i < r.staleGoldens.size(); ++i) out += str(i ? ", " : "", json::quote(r.staleGoldens[i]));
    out += "],\n  \"captures\": [";
    for (size_t i = 0; i < r.outcomes.size(); ++i) {
        const CaptureOutcome& o = r.outcomes[i];
        out += str(i ? "," : "", "\n    {\"name\": ", json::quote(o.name), ", \"status\": ", json::quote(toString(o.status)),
                   ", \"seconds\": ", number(o.seconds), ", \"statistic\": ", number(o.statistic),
                   ",\n     \"measure\": ", json::quote(o.measure), ", \"message\": ", json::quote(o.message),
                   ",\n     \"api\": ", json::quote(o.api), ", \"limits\": ", json::quote(o.limits), ", \"width\": ", o.width,
                   ", \"height\": ", o.height, ",\n     \"actual\": ", json::quote(relativeTo(o.actual, folder)),
                   ", \"golden\": ", json::quote(relativeTo(o.golden, folder)), ", \"diff\": ",
                   json::quote(relativeTo(o.diff, folder)), ", \"log\": ", json::quote(relativeTo(o.log, folder)), "}");
    }
    out += "\n  ]\n}\n";
    writeFile(file, out);
}

SuiteReport readSuiteSummary(const std::filesystem::path& fileOrFolder) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path file = fs::is_directory(fileOrFolder, ec) ? fileOrFolder / "summary.json" : fileOrFolder;
    json::Value doc = json::parse(readFile(file), file.string());
    fs::path folder = fs::absolute(file).parent_path();
    auto path = [&](const json::Value& v, const std::string& what) {
        const std::string& s = v.asString(what);
        return s.empty() ? fs::path() : (folder / s).lexically_normal();
    };
    json::ObjectReader r(doc, "");
    SuiteReport report;
    report.suite = r.required("suite").asString("suite");
    report.digest = r.required("digest").asString("digest");
    report.shard = r.string("shard", "");
    report.wallSeconds = r.number("wallSeconds", 0.0, NumberRange::closed(0.0, 1.0e9));
    r.optional("failures"); // derived from the captures
    for (const json::Value& v : r.required("suiteCaptures").asArray("suiteCaptures"))
        report.suiteCaptures.push_back(v.asString("suiteCaptures[]"));
    if (const json::Value* s = r.optional("staleGoldens"))
        for (const json::Value& v : s->asArray("staleGoldens")) report.staleGoldens.push_back(v.asString("staleGoldens[]"));
    const auto& captures = r.required("captures").asArray("captures");
    for (size_t i = 0; i < captures.size(); ++i) {
        std::string at = str("captures[", i, "]");
        json::ObjectReader c(captures[i], at);
        CaptureOutcome o;
        o.name = c.required("name").asString(c.path("name"));
        const json::Value& status = c.required("status");
        try {
            o.status = parseCaptureStatus(status.asString(c.path("status")));
        } catch (const Error& e) {
            throw Error(status.where(), str(c.path("status"), ": ", e.message()));
        }
        o.seconds = c.number("seconds", 0.0, NumberRange::closed(0.0, 1.0e9));
        o.statistic = c.number("statistic", 0.0);
        o.measure = c.string("measure", "");
        o.message = c.string("message", "");
        o.api = c.string("api", "");
        o.limits = c.string("limits", "");
        o.width = int(c.number("width", 0.0, NumberRange::closed(0.0, 8192.0)));
        o.height = int(c.number("height", 0.0, NumberRange::closed(0.0, 8192.0)));
        for (auto [key, target] : {std::pair{"actual", &o.actual}, {"golden", &o.golden}, {"diff", &o.diff}, {"log", &o.log}})
            if (const json::Value* v = c.optional(key)) *target = path(*v, c.path(key));
        c.finish();
        report.outcomes.push_back(std::move(o));
    }
    r.finish();
    return report;
}

void writeJUnitReport(const std::filesystem::path& file, const SuiteReport& r) {
    int failures = 0, errors = 0, skipped = 0;
    double seconds = 0;
    for (auto& o : r.outcomes) {
        seconds += o.seconds;
        if (o.status == CaptureStatus::Failed || o.status == CaptureStatus::GoldenMissing) ++failures;
        else if (o.status == CaptureStatus::Error || o.status == CaptureStatus::Crashed || o.status == CaptureStatus::TimedOut) ++errors;
        else if (o.status == CaptureStatus::Skipped) ++skipped;
    }
    std::string suiteName = r.shard.empty() ? r.suite : str(r.suite, " (shard ", r.shard, ")");
    std::string out = str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"", xmlEscape(suiteName), "\" tests=\"",
                          r.outcomes.size(), "\" failures=\"", failures, "\" errors=\"", errors, "\" skipped=\"", skipped,
                          "\" time=\"", number(seconds), "\">\n  <testsuite name=\"", xmlEscape(suiteName), "\" tests=\"",
                          r.outcomes.size(), "\" failures=\"", failures, "\" errors=\"", errors, "\" skipped=\"", skipped,
                          "\" time=\"", number(seconds), "\">\n");
    for (auto& o : r.outcomes) {
        out += str("    <testcase classname=\"", xmlEscape(r.suite), "\" name=\"", xmlEscape(o.name), "\" time=\"",
                   number(o.seconds), "\"");
        std::string body;
        std::string type = toString(o.status);
        if (o.status == CaptureStatus::Failed || o.status == CaptureStatus::GoldenMissing)
            body += str("      <failure type=\"", type, "\" message=\"", xmlEscape(o.message), "\">", xmlEscape(o.measure),
                        "</failure>\n");
        else if (o.status == CaptureStatus::Error || o.status == CaptureStatus::Crashed || o.status == CaptureStatus::TimedOut)
            body += str("      <error type=\"", type, "\" message=\"", xmlEscape(o.message), "\"/>\n");
        else if (o.status == CaptureStatus::Skipped)
            body += str("      <skipped message=\"", xmlEscape(o.message), "\"/>\n");
        std::string attachments;
        for (const auto* p : {&o.actual, &o.diff, &o.log})
            if (!p->empty()) attachments += str("[[ATTACHMENT|", xmlEscape(p->string()), "]]\n");
        if (!attachments.empty()) body += str("      <system-out>", attachments, "</system-out>\n");
        out += body.empty() ? "/>\n" : str(">\n", body, "    </testcase>\n");
    }
    out += "  </testsuite>\n</testsuites>\n";
    writeFile(file, out);
}

void writeHtmlReport(const std::filesystem::path& file, const SuiteReport& r) {
    std::filesystem::path folder = std::filesystem::absolute(file.parent_path().empty() ? "." : file.parent_path());
    auto src = [&](const std::filesystem::path& p) { return xmlEscape(relativeTo(p, folder)); };
    std::map<std::string, int> counts;
    for (auto& o : r.outcomes) ++counts[toString(o.status)];
    std::string html =
        "<!doctype html><meta charset=utf-8><title>Trailhead capture report</title>\n<style>\n"
        "body{font-family:sans-serif;background:#222;color:#ddd}img{max-width:30vw;border:1px solid #555;display:block}\n"
        ".failed,.golden-missing,.error,.crashed,.timed-out{color:#f66}.passed,.updated{color:#6f6}.skipped,.captured{color:#bb6}\n"
        ".capture{margin:1em 0;border-top:1px solid #444}.row{display:flex;gap:8px;align-items:flex-start}\n"
        ".compare{position:relative;display:inline-block}.compare img.top{position:absolute;left:0;top:0}\n"
        "pre{white-space:pre-wrap;color:#aaa}\n</style>\n<h1>Capture report: " +
        xmlEscape(r.suite) + (r.shard.empty() ? "" : " (shard " + xmlEscape(r.shard) + ")") + "</h1>\n<p>";
    for (auto& [status, n] : counts) html += str("<label class=", status, "><input type=checkbox checked data-status=", status,
                                                  " onchange=filter()> ", status, " (", n, ")</label> ");
    html += str("</p><p>", r.outcomes.size() - size_t(r.failures()), " of ", r.outcomes.size(), " captures pass; ",
                number(r.wallSeconds), " s.</p>\n");
    if (!r.staleGoldens.empty()) {
        html += "<p class=failed>Stale goldens (no capture of the suite makes them):";
        for (auto& s : r.staleGoldens) html += " " + xmlEscape(s);
        html += "</p>\n";
    }
    for (auto& o : r.outcomes) {
        std::string status = toString(o.status);
        html += str("<div class=capture data-status=", status, "><h2 class=", status, ">", xmlEscape(o.name), ": ", status,
                    "</h2><p>", xmlEscape(o.message), o.measure.empty() ? "" : str(" <i>(", xmlEscape(o.measure), ")</i>"),
                    " ", number(o.seconds), " s", o.log.empty() ? "" : str(" &middot; <a href=\"", src(o.log), "\">log</a>"),
                    "</p>\n<div class=row>");
        bool both = !o.golden.empty() && !o.actual.empty();
        if (both) {
            // The capture over the golden, cut at the slider; "flicker" alternates the two.
            html += str("<div><div class=compare><img src=\"", src(o.golden), "\"><img class=top src=\"", src(o.actual),
                        "\" style=\"clip-path:inset(0 0 0 50%)\"></div><br><input type=range min=0 max=100 value=50 "
                        "oninput=\"this.parentNode.querySelector('.top').style.clipPath='inset(0 0 0 '+this.value+'%)'\"> "
                        "golden | capture <button onclick=flicker(this)>flicker</button></div>");
        } else if (!o.actual.empty()) {
            html += str("<div>capture<img src=\"", src(o.actual), "\"></div>");
        }
        if (!o.diff.empty()) html += str("<div>difference<img src=\"", src(o.diff), "\"></div>");
        html += "</div></div>\n";
    }
    html += "<script>\n"
            "function filter(){const on=new Set([...document.querySelectorAll('input[data-status]')].filter(i=>i.checked)"
            ".map(i=>i.dataset.status));document.querySelectorAll('div.capture').forEach(d=>d.style.display="
            "on.has(d.dataset.status)?'':'none');}\n"
            "function flicker(b){const top=b.parentNode.querySelector('.top');if(b.timer){clearInterval(b.timer);b.timer=0;"
            "top.style.visibility='';b.textContent='flicker';return;}top.style.clipPath='none';b.textContent='stop';"
            "b.timer=setInterval(()=>{top.style.visibility=top.style.visibility?'':'hidden';},500);}\n"
            "</script>\n";
    writeFile(file, html);
}

SuiteReport mergeSuiteReports(const std::vector<std::pair<std::filesystem::path, SuiteReport>>& shards) {
    if (shards.empty()) throw Error("no shard summaries to merge");
    SuiteReport merged;
    const auto& [firstPath, first] = shards.front();
    merged.suite = first.suite;
    merged.digest = first.digest;
    merged.suiteCaptures = first.suiteCaptures;
    std::set<std::string> shardNames;
    std::map<std::string, std::filesystem::path> ran;
    std::map<std::string, CaptureOutcome> byName;
    std::set<std::string> stale;
    for (const auto& [path, s] : shards) {
        if (s.suite != first.suite || s.digest != first.digest)
            throw Error(str("cannot merge ", path.string(), " (suite '", s.suite, "', digest ", s.digest, ") with ",
                            firstPath.string(), " (suite '", first.suite, "', digest ", first.digest,
                            "): they are runs of different suites"));
        if (!s.shard.empty() && !shardNames.insert(s.shard).second)
            throw Error(str(path.string(), ": shard ", s.shard, " is given twice"));
        for (const CaptureOutcome& o : s.outcomes) {
            if (auto [it, fresh] = ran.emplace(o.name, path); !fresh)
                throw Error(str("the capture '", o.name, "' is in both ", it->second.string(), " and ", path.string()));
            byName[o.name] = o;
        }
        merged.wallSeconds = std::max(merged.wallSeconds, s.wallSeconds); // shards run side by side
        stale.insert(s.staleGoldens.begin(), s.staleGoldens.end());
    }
    // In the suite's order; what no shard ran is an error of the merged run, named.
    for (const std::string& name : merged.suiteCaptures) {
        auto it = byName.find(name);
        if (it != byName.end()) {
            merged.outcomes.push_back(it->second);
            continue;
        }
        CaptureOutcome missing;
        missing.name = name;
        missing.status = CaptureStatus::Error;
        missing.message = "no shard ran this capture (a shard's summary is missing from the merge)";
        merged.outcomes.push_back(missing);
    }
    merged.staleGoldens.assign(stale.begin(), stale.end());
    return merged;
}

} // namespace th
