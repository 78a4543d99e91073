// A suite run's records: shards that cover the suite once (by count and by timings), the JSON
// summary read back as written, JUnit XML with its escapes, and merges that refuse what does
// not belong together.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "common/SuiteReport.h"
#include "common/SuiteShard.h"
#include "core/Error.h"
#include "core/Files.h"

using namespace th;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> captureNames(int n) {
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i) names.push_back("capture" + std::to_string(i));
    return names;
}

fs::path scratch(const std::string& name) {
    fs::path dir = fs::temp_directory_path() / "trailhead-suite-report-test" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

SuiteReport sampleReport() {
    SuiteReport r;
    r.suite = "small";
    r.digest = "0123456789abcdef";
    r.suiteCaptures = {"a", "b", "c"};
    CaptureOutcome a;
    a.name = "a";
    a.status = CaptureStatus::Passed;
    a.seconds = 1.5;
    a.measure = "ΔE76 > 3 on at most 0.2% of pixels";
    CaptureOutcome b;
    b.name = "b<&\"'>";
    b.status = CaptureStatus::Failed;
    b.message = "12 of 100 pixels differ\nsecond line \x01";
    b.seconds = 2.25;
    CaptureOutcome c;
    c.name = "c";
    c.status = CaptureStatus::Crashed;
    c.message = "the worker died of SIGKILL";
    r.outcomes = {a, b, c};
    return r;
}

} // namespace

TEST_CASE("shards by count cover the suite once and differ by at most one capture") {
    for (int n : {1, 2, 3, 7}) {
        std::vector<std::string> names = captureNames(10);
        std::multiset<size_t> seen;
        size_t smallest = 100, largest = 0;
        for (int i = 1; i <= n; ++i) {
            std::vector<size_t> part = selectShard(names, i, n);
            seen.insert(part.begin(), part.end());
            smallest = std::min(smallest, part.size());
            largest = std::max(largest, part.size());
            CHECK(std::is_sorted(part.begin(), part.end()));
        }
        CHECK(seen.size() == 10);
        for (size_t k = 0; k < 10; ++k) CHECK(seen.count(k) == 1);
        CHECK(largest - smallest <= 1);
    }
    CHECK(selectShard(captureNames(3), 0, 2).empty());
    CHECK(selectShard(captureNames(3), 3, 2).empty());
}

TEST_CASE("shards by timings balance the time and still cover the suite once") {
    std::vector<std::string> names = captureNames(6);
    // One long capture and five short ones: by count, shard 1 would hold the long one and two more.
    std::map<std::string, double> timings = {{"capture0", 30}, {"capture1", 5}, {"capture2", 5},
                                             {"capture3", 5},  {"capture4", 5}, {"capture5", 5}};
    std::vector<size_t> one = selectShard(names, 1, 2, timings), two = selectShard(names, 2, 2, timings);
    std::set<size_t> all(one.begin(), one.end());
    all.insert(two.begin(), two.end());
    CHECK(all.size() == 6);
    CHECK(one.size() + two.size() == 6);
    auto total = [&](const std::vector<size_t>& part) {
        double t = 0;
        for (size_t i : part) t += timings[names[i]];
        return t;
    };
    CHECK(std::max(total(one), total(two)) == 30.0); // the long capture alone on one shard
    // A capture the timings lack counts as their median; the split stays complete.
    timings.erase("capture5");
    std::vector<size_t> a = selectShard(names, 1, 3, timings), b = selectShard(names, 2, 3, timings),
                        c = selectShard(names, 3, 3, timings);
    CHECK(a.size() + b.size() + c.size() == 6);
}

TEST_CASE("a suite summary reads back as written, paths relative to it") {
    fs::path dir = scratch("summary");
    SuiteReport r = sampleReport();
    r.shard = "2/3";
    r.staleGoldens = {"old.png"};
    r.outcomes[0].actual = dir / "a.png";
    r.outcomes[0].diff = dir / "a.diff.png";
    r.outcomes[0].log = dir / "a.log";
    writeSuiteSummary(dir / "summary.json", r);
    CHECK(readFile(dir / "summary.json").find(dir.string()) == std::string::npos); // relative paths only
    SuiteReport back = readSuiteSummary(dir); // a folder means its summary.json
    CHECK(back.suite == "small");
    CHECK(back.digest == r.digest);
    CHECK(back.shard == "2/3");
    CHECK(back.suiteCaptures == r.suiteCaptures);
    CHECK(back.staleGoldens == r.staleGoldens);
    REQUIRE(back.outcomes.size() == 3);
    CHECK(back.outcomes[1].name == r.outcomes[1].name);
    CHECK(back.outcomes[1].message == r.outcomes[1].message);
    CHECK((back.outcomes[1].status == CaptureStatus::Failed)); // parenthesised: doctest cannot print the enum
    CHECK(back.outcomes[0].seconds == 1.5);
    CHECK(back.outcomes[0].actual == dir / "a.png");
    CHECK(back.failures() == 2);
}

TEST_CASE("a corrupt summary names file and line") {
    fs::path dir = scratch("corrupt");
    writeFile(dir / "summary.json", "{\"suite\": \"x\", \"digest\": \"d\",\n \"suiteCaptures\": [], \"captures\": [{\"name\": \"a\", \"status\": \"fine\"}]}");
    std::string message;
    try {
        readSuiteSummary(dir / "summary.json");
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK(message.find("summary.json:2:") != std::string::npos);
    CHECK(message.find("unknown capture status 'fine'") != std::string::npos);
    CHECK_THROWS_AS(readSuiteSummary(dir / "absent.json"), Error);
}

TEST_CASE("JUnit XML: a test case per capture, failures and errors apart, every text escaped") {
    fs::path dir = scratch("junit");
    writeJUnitReport(dir / "junit.xml", sampleReport());
    std::string xml = readFile(dir / "junit.xml");
    CHECK(xml.find("<testsuites name=\"small\" tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\"") != std::string::npos);
    CHECK(xml.find("<testcase classname=\"small\" name=\"a\" time=\"1.5\"/>") != std::string::npos);
    CHECK(xml.find("name=\"b&lt;&amp;&quot;&apos;&gt;\"") != std::string::npos);
    CHECK(xml.find("<failure type=\"failed\" message=\"12 of 100 pixels differ\nsecond line ?\">") != std::string::npos);
    CHECK(xml.find("<error type=\"crashed\" message=\"the worker died of SIGKILL\"/>") != std::string::npos);
    CHECK(xml.find('\x01') == std::string::npos);
}

TEST_CASE("merging shards: the suite's order, a missing shard named, other suites refused") {
    SuiteReport whole = sampleReport();
    SuiteReport one = whole, two = whole;
    one.shard = "1/2";
    one.outcomes = {whole.outcomes[0], whole.outcomes[2]};
    two.shard = "2/2";
    two.outcomes = {whole.outcomes[1]};
    two.suiteCaptures = {"a", "b<&\"'>", "c"};
    one.suiteCaptures = two.suiteCaptures;
    SuiteReport merged = mergeSuiteReports({{"shard1", one}, {"shard2", two}});
    REQUIRE(merged.outcomes.size() == 3);
    CHECK(merged.outcomes[0].name == "a");
    CHECK(merged.outcomes[1].name == "b<&\"'>");
    CHECK(merged.outcomes[2].name == "c");

    SuiteReport alone = mergeSuiteReports({{"shard1", one}});
    CHECK((alone.outcomes[1].status == CaptureStatus::Error)); // parenthesised: doctest cannot print the enum
    CHECK(alone.outcomes[1].message.find("no shard ran this capture") != std::string::npos);

    SuiteReport other = two;
    other.suite = "another";
    std::string message;
    try {
        mergeSuiteReports({{"shard1", one}, {"elsewhere", other}});
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK(message.find("cannot merge elsewhere (suite 'another'") != std::string::npos);
    CHECK(message.find("with shard1 (suite 'small'") != std::string::npos);
    SuiteReport edited = two;
    edited.digest = "fedcba9876543210";
    CHECK_THROWS_AS(mergeSuiteReports({{"shard1", one}, {"edited", edited}}), Error);
    CHECK_THROWS_AS(mergeSuiteReports({{"shard1", one}, {"again", one}}), Error); // the same shard twice
}
