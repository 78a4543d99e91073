#pragma once
// A small JSON reader that remembers where every value came from. Scene files and plugin
// descriptions must report errors by file, line and key ("scene.json:12: key 'tim' is not
// known; expected one of ..."), which a DOM without positions (nlohmann::json) cannot do.
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/Error.h"
#include "core/NumberRange.h"

namespace th::json {

enum class Type { Null, Bool, Number, String, Array, Object };
const char* toString(Type type);

class Value {
public:
    Type type() const { return mType; }
    const SourceLocation& where() const { return mWhere; }

    bool isNull() const { return mType == Type::Null; }
    bool isBool() const { return mType == Type::Bool; }
    bool isNumber() const { return mType == Type::Number; }
    bool isString() const { return mType == Type::String; }
    bool isArray() const { return mType == Type::Array; }
    bool isObject() const { return mType == Type::Object; }

    // Typed access; each throws th::Error at this value's location naming `what` (a key path
    // such as "camera.position") when the type is wrong.
    bool asBool(std::string_view what = "value") const;
    double asNumber(std::string_view what = "value") const;
    /// A number inside `range`; outside it (or not a number) throws naming `what`, the range
    /// and the value found.
    double asNumber(std::string_view what, const NumberRange& range) const;
    /// A number that must be an integer in [lo, hi].
    int64_t asInt(std::string_view what = "value", int64_t lo = INT64_MIN, int64_t hi = INT64_MAX) const;
    const std::string& asString(std::string_view what = "value") const;
    const std::vector<Value>& asArray(std::string_view what = "value") const;
    /// Members in file order (duplicate keys are rejected at parse time).
    const std::vector<std::pair<std::string, Value>>& asObject(std::string_view what = "value") const;

    /// Member lookup on an object; nullptr when absent (or when this is not an object).
    const Value* find(std::string_view key) const;
    /// Location of a member's key (for "unknown key" messages); this value's when absent.
    SourceLocation keyLocation(std::string_view key) const;

    /// Serialises back to compact JSON (used for cache keys and round-trip tests).
    std::string dump() const;

private:
    friend class Parser;
    Type mType = Type::Null;
    SourceLocation mWhere;
    bool mBool = false;
    double mNumber = 0;
    std::string mString;
    std::vector<Value> mArray;
    std::vector<std::pair<std::string, Value>> mObject;
    std::vector<SourceLocation> mKeyWhere;
};

/// `text` as a JSON string literal, quotes included (for writers of JSON reports).
std::string quote(std::string_view text);

/// Parses a complete document. Throws th::Error with file, line and column on a syntax error,
/// a duplicate key, trailing garbage, or nesting deeper than 256.
Value parse(std::string_view text, std::string_view fileName = "<json>");

/// Reads an object's members by key and, when done, rejects keys nobody asked for, listing
/// the keys that are known. Use one per JSON object a format defines.
class ObjectReader {
public:
    /// `path` names the object in messages (e.g. "scene.camera"); throws when not an object.
    ObjectReader(const Value& object, std::string path);

    const Value* optional(std::string_view key);
    const Value& required(std::string_view key);
    /// The member path for messages: "<path>.<key>".
    std::string path(std::string_view key) const;

    bool boolean(std::string_view key, bool fallback);
    double number(std::string_view key, double fallback);
    double number(std::string_view key, double fallback, const NumberRange& range);
    std::string string(std::string_view key, std::string fallback);

    /// Throws on the first member whose key was never asked for.
    void finish() const;

private:
    const Value& mObject;
    std::string mPath;
    std::vector<std::string> mKnown;
};

} // namespace th::json
