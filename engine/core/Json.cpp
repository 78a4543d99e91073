#include "core/Json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/Str.h"

namespace th::json {

const char* toString(Type type) {
    switch (type) {
    case Type::Null: return "null";
    case Type::Bool: return "boolean";
    case Type::Number: return "number";
    case Type::String: return "string";
    case Type::Array: return "array";
    case Type::Object: return "object";
    }
    return "?";
}

static Error typeError(const Value& v, std::string_view what, Type expected) {
    return Error(v.where(), str("'", what, "' must be a ", toString(expected), ", found ", toString(v.type())));
}

bool Value::asBool(std::string_view what) const {
    if (mType != Type::Bool) throw typeError(*this, what, Type::Bool);
    return mBool;
}

double Value::asNumber(std::string_view what) const {
    if (mType != Type::Number) throw typeError(*this, what, Type::Number);
    return mNumber;
}

double Value::asNumber(std::string_view what, const NumberRange& range) const {
    double d = asNumber(what);
    if (!range.contains(d)) throw Error(mWhere, str("'", what, "' must be a number in ", range.toString(), ", found ", dump()));
    return d;
}

int64_t Value::asInt(std::string_view what, int64_t lo, int64_t hi) const {
    double d = asNumber(what);
    if (d != std::floor(d) || d < double(lo) || d > double(hi))
        throw Error(mWhere, str("'", what, "' must be an integer in [", lo, ", ", hi, "], found ", dump()));
    return int64_t(d);
}

const std::string& Value::asString(std::string_view what) const {
    if (mType != Type::String) throw typeError(*this, what, Type::String);
    return mString;
}

const std::vector<Value>& Value::asArray(std::string_view what) const {
    if (mType != Type::Array) throw typeError(*this, what, Type::Array);
    return mArray;
}

const std::vector<std::pair<std::string, Value>>& Value::asObject(std::string_view what) const {
    if (mType != Type::Object) throw typeError(*this, what, Type::Object);
    return mObject;
}

const Value* Value::find(std::string_view key) const {
    for (auto& [k, v] : mObject)
        if (k == key) return &v;
    return nullptr;
}

SourceLocation Value::keyLocation(std::string_view key) const {
    for (size_t i = 0; i < mObject.size(); ++i)
        if (mObject[i].first == key) return mKeyWhere[i];
    return mWhere;
}

static void dumpString(std::string& out, std::string_view s) {
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    out += '"';
}

static void dumpValue(std::string& out, const Value& v) {
    switch (v.type()) {
    case Type::Null: out += "null"; break;
    case Type::Bool: out += v.asBool() ? "true" : "false"; break;
    case Type::Number: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.17g", v.asNumber());
        out += buf;
        break;
    }
    case Type::String: dumpString(out, v.asString()); break;
    case Type::Array: {
        out += '[';
        bool first = true;
        for (auto& e : v.asArray()) {
            if (!first) out += ',';
            first = false;
            dumpValue(out, e);
        }
        out += ']';
        break;
    }
    case Type::Object: {
        out += '{';
        bool first = true;
        for (auto& [k, e] : v.asObject()) {
            if (!first) out += ',';
            first = false;
            dumpString(out, k);
            out += ':';
            dumpValue(out, e);
        }
        out += '}';
        break;
    }
    }
}

std::string quote(std::string_view text) {
    std::string out;
    dumpString(out, text);
    return out;
}

std::string Value::dump() const {
    std::string out;
    dumpValue(out, *this);
    return out;
}

class Parser {
public:
    Parser(std::string_view text, std::string_view file) : mText(text), mFile(file) {}

    Value document() {
        skipSpace();
        Value v = value(0);
        skipSpace();
        if (mPos < mText.size()) fail("unexpected text after the JSON document");
        return v;
    }

private:
    std::string_view mText;
    std::string mFile;
    size_t mPos = 0;
    int mLine = 1;
    size_t mLineStart = 0;

    SourceLocation here() const { return SourceLocation{mFile, mLine, int(mPos - mLineStart) + 1}; }
    [[noreturn]] void fail(const std::string& message) const { throw Error(here(), message); }

    void skipSpace() {
        while (mPos < mText.size()) {
            char c = mText[mPos];
            if (c == '\n') {
                ++mLine;
                mLineStart = mPos + 1;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return;
            }
            ++mPos;
        }
    }

    bool consume(std::string_view word) {
        if (mText.substr(mPos, word.size()) != word) return false;
        mPos += word.size();
        return true;
    }

    Value value(int depth) {
        if (depth > 256) fail("JSON nested deeper than 256 levels");
        if (mPos >= mText.size()) fail("unexpected end of input, expected a value");
        Value v;
        v.mWhere = here();
        char c = mText[mPos];
        if (c == '{') {
            v.mType = Type::Object;
            ++mPos;
            skipSpace();
            if (mPos < mText.size() && mText[mPos] == '}') {
                ++mPos;
                return v;
            }
            for (;;) {
                skipSpace();
                if (mPos >= mText.size() || mText[mPos] != '"') fail("expected a string key in object");
                SourceLocation keyWhere = here();
                std::string key = string();
                if (v.find(key)) throw Error(keyWhere, str("duplicate key '", key, "'"));
                skipSpace();
                if (mPos >= mText.size() || mText[mPos] != ':') fail(str("expected ':' after key '", key, "'"));
                ++mPos;
                skipSpace();
                Value member = value(depth + 1);
                v.mObject.emplace_back(std::move(key), std::move(member));
                v.mKeyWhere.push_back(keyWhere);
                skipSpace();
                if (mPos < mText.size() && mText[mPos] == ',') {
                    ++mPos;
                    continue;
                }
                if (mPos < mText.size() && mText[mPos] == '}') {
                    ++mPos;
                    return v;
                }
                fail("expected ',' or '}' in object");
            }
        }
        if (c == '[') {
            v.mType = Type::Array;
            ++mPos;
            skipSpace();
            if (mPos < mText.size() && mText[mPos] == ']') {
                ++mPos;
                return v;
            }
            for (;;) {
                skipSpace();
                v.mArray.push_back(value(depth + 1));
                skipSpace();
                if (mPos < mText.size() && mText[mPos] == ',') {
                    ++mPos;
                    continue;
                }
                if (mPos < mText.size() && mText[mPos] == ']') {
                    ++mPos;
                    return v;
                }
                fail("expected ',' or ']' in array");
            }
        }
        if (c == '"') {
            v.mType = Type::String;
            v.mString = string();
            return v;
        }
        if (consume("true")) {
            v.mType = Type::Bool;
            v.mBool = true;
            return v;
        }
        if (consume("false")) {
            v.mType = Type::Bool;
            return v;
        }
        if (consume("null")) return v;
        if (c == '-' || (c >= '0' && c <= '9')) {
            v.mType = Type::Number;
            v.mNumber = number();
            return v;
        }
        fail(str("unexpected character '", c, "'"));
    }

    double number() {
        size_t start = mPos;
        if (mText[mPos] == '-') ++mPos;
        auto digits = [&] {
            size_t s = mPos;
            while (mPos < mText.size() && mText[mPos] >= '0' && mText[mPos] <= '9') ++mPos;
            return mPos - s;
        };
        if (digits() == 0) fail("malformed number");
        if (mPos < mText.size() && mText[mPos] == '.') {
            ++mPos;
            if (digits() == 0) fail("malformed number: digits expected after '.'");
        }
        if (mPos < mText.size() && (mText[mPos] == 'e' || mText[mPos] == 'E')) {
            ++mPos;
            if (mPos < mText.size() && (mText[mPos] == '+' || mText[mPos] == '-')) ++mPos;
            if (digits() == 0) fail("malformed number: digits expected in exponent");
        }
        double d = 0;
        auto r = std::from_chars(mText.data() + start, mText.data() + mPos, d);
        if (r.ec != std::errc()) fail("number out of range");
        return d;
    }

    static void appendUtf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }

    uint32_t hex4() {
        if (mPos + 4 > mText.size()) fail("truncated \\u escape");
        uint32_t cp = 0;
        for (int i = 0; i < 4; ++i) {
            char h = mText[mPos++];
            cp <<= 4;
            if (h >= '0' && h <= '9') cp |= uint32_t(h - '0');
            else if (h >= 'a' && h <= 'f') cp |= uint32_t(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') cp |= uint32_t(h - 'A' + 10);
            else fail("bad hex digit in \\u escape");
        }
        return cp;
    }

    std::string string() {
        ++mPos; // opening quote
        std::string out;
        for (;;) {
            if (mPos >= mText.size()) fail("unterminated string");
            char c = mText[mPos++];
            if (c == '"') return out;
            if (c == '\n') fail("newline inside a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (mPos >= mText.size()) fail("unterminated escape");
            char e = mText[mPos++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                uint32_t cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00 && mText.substr(mPos, 2) == "\\u") {
                    mPos += 2;
                    uint32_t lo = hex4();
                    if (lo >= 0xDC00 && lo < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                }
                appendUtf8(out, cp);
                break;
            }
            default: fail(str("unknown escape '\\", e, "'"));
            }
        }
    }
};

Value parse(std::string_view text, std::string_view fileName) { return Parser(text, fileName).document(); }

ObjectReader::ObjectReader(const Value& object, std::string path) : mObject(object), mPath(std::move(path)) {
    object.asObject(mPath);
}

std::string ObjectReader::path(std::string_view key) const {
    return mPath.empty() ? std::string(key) : str(mPath, ".", key);
}

const Value* ObjectReader::optional(std::string_view key) {
    mKnown.emplace_back(key);
    return mObject.find(key);
}

const Value& ObjectReader::required(std::string_view key) {
    const Value* v = optional(key);
    if (!v) throw Error(mObject.where(), str("'", mPath, "' is missing the required key '", key, "'"));
    return *v;
}

bool ObjectReader::boolean(std::string_view key, bool fallback) {
    const Value* v = optional(key);
    return v ? v->asBool(path(key)) : fallback;
}

double ObjectReader::number(std::string_view key, double fallback) {
    const Value* v = optional(key);
    return v ? v->asNumber(path(key)) : fallback;
}

double ObjectReader::number(std::string_view key, double fallback, const NumberRange& range) {
    const Value* v = optional(key);
    return v ? v->asNumber(path(key), range) : fallback;
}

std::string ObjectReader::string(std::string_view key, std::string fallback) {
    const Value* v = optional(key);
    return v ? v->asString(path(key)) : fallback;
}

void ObjectReader::finish() const {
    for (auto& [key, value] : mObject.asObject()) {
        if (std::find(mKnown.begin(), mKnown.end(), key) != mKnown.end()) continue;
        std::vector<std::string> known = mKnown;
        std::sort(known.begin(), known.end());
        known.erase(std::unique(known.begin(), known.end()), known.end());
        throw Error(mObject.keyLocation(key),
                    str("unknown key '", path(key), "'; known keys: ", join(known, ", ")));
    }
}

} // namespace th::json
