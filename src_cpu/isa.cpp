// CPU backend: the instruction set of its kernels (isa.hpp says how it is chosen).
#include "isa.hpp"
#include "backend.hpp"

#include <cctype>
#include <cstdlib>
#include <string>

namespace bl {
namespace cpu {
namespace {

// The names BATCHLAPACK_CPU_ISA takes, in any case, and the message of a value that is none.
struct Name {
    const char *name;
    Isa isa;
};
#if defined(__aarch64__)
constexpr Name kNames[] = {{"base", Isa::base}, {"neon", Isa::base}};
const char *const kNameList = "base or neon (any case)";
#else
constexpr Name kNames[] = {{"avx512", Isa::v4}, {"avx2", Isa::v3}, {"base", Isa::base}};
const char *const kNameList = "avx512, avx2 or base (any case)";
#endif

// Whether this processor runs `i` and the build has its units.
bool runs(Isa i) {
    switch (i) {
    case Isa::base:
        return true;
    case Isa::v3:
#if defined(BL_HAVE_ISA_V3) && defined(__GNUC__)
        return __builtin_cpu_supports("x86-64-v3");
#else
        return false;
#endif
    case Isa::v4:
#if defined(BL_HAVE_ISA_V4) && defined(__GNUC__)
        return __builtin_cpu_supports("x86-64-v4");
#else
        return false;
#endif
    }
    return false;
}

struct Choice {
    Isa isa = Isa::base;
    std::string refused;  // why BATCHLAPACK_CPU_ISA is refused; empty when it is not
};

Choice choose() {
    Choice c;
    for (Isa i : {Isa::v3, Isa::v4})
        if (runs(i)) c.isa = i;
    const char *v = std::getenv("BATCHLAPACK_CPU_ISA");
    if (v == nullptr || *v == '\0') return c;  // unset or empty: the best one
    std::string name(v);
    for (char &ch : name) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    const Name *asked = nullptr;
    for (const Name &n : kNames)
        if (name == n.name) asked = &n;
    if (asked == nullptr) {
        c.refused = std::string("BATCHLAPACK_CPU_ISA=") + v + " is not an instruction set: use " + kNameList;
        return c;
    }
    if (!runs(asked->isa)) {
        c.refused = std::string("BATCHLAPACK_CPU_ISA=") + v +
                    " is an instruction set this processor lacks or this build of the library has no kernels for";
        return c;
    }
    c.isa = asked->isa;
    return c;
}

const Choice &choice() {
    static const Choice c = choose();
    return c;
}

}  // namespace

Isa isa() { return choice().isa; }

const char *isa_refused() { return choice().refused.c_str(); }

bool small_units_run() {
#ifdef BL_HAVE_ISA_BASE
    return true;
#else
    return isa() >= Isa::v3;
#endif
}

}  // namespace cpu
}  // namespace bl
