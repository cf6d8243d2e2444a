// Moving a batch to the kernels and back.
//
// A routine's driver registers each array argument with the shape of matrix i and whether the
// routine writes it, then calls run(launch). Arrays in device or managed memory are used in place;
// arrays in host memory are packed, a chunk of matrices at a time, into a pinned staging buffer,
// copied to the device, worked on, and copied back. Chunks go round the context's slots (one
// stream each), so that packing one chunk on the host, copying another and computing a third
// overlap; a batch larger than device memory simply takes more chunks. `launch(chunk)` enqueues
// the kernels for the matrices [chunk.first, chunk.first + chunk.count) on chunk.stream, taking
// their device views from chunk.view(...) and chunk.sizes(...).
//
// A variable batch is worked on by size classes (orders up to 8, 16, 32, 64, then doubling; for
// the routines sorted by order 33..64 is cut in four, 33..40, ..., 57..64, and the octaves above
// it in halves, 65..96, 97..128, ...; the largest first): the matrices are taken in an order
// sorted by class and no chunk spans two classes, so that each launch is chosen for, and sized
// by, matrices of about one size rather than the batch's largest. Chunk j-th matrix is the
// caller's matrix chunk.matrix(j).
//
// The pointer layouts' arrays of pointers may themselves lie in device or managed memory (as
// cuBLAS's batched routines want them): the kernels then read them in place (from entry
// chunk.first on) and the host never dereferences them; when such an array points to host data,
// it is copied back once, so that the data can be staged.
#pragma once

#include "call.hpp"
#include "device.cuh"
#include "runtime.hpp"
#include "team.hpp"

#include "batchlapack.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

namespace bl {
namespace cuda {

// A host pass over [0, n) (copies, gathers) on the library's threads (core/team.hpp) when
// `parallel` holds, in about even shares: a few chunks a thread.
template <class F> void host_for(int64_t n, bool parallel, F &&f) {
    const int threads = parallel ? team::threads() : 1;
    team::parallel_for(n, threads, f, n / (int64_t(4) * threads) + 1);
}

// Rows x cols elements stored with the argument's leading dimension (a vector of n elements at
// increment inc is 1 x n with ld = |inc|; one without increment is n x 1).
struct Shape {
    int64_t rows, cols;
};

// to[j] = from[idx[j]]: a caller's array of pointers in device memory taken in the driver's order,
// on the device (the host needs no copy of the array).
static __global__ void gather_pointers(void *const *from, const int64_t *idx, void **to, int64_t n) {
    const int64_t j = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j < n) to[j] = from[idx[j]];
}
// to[j] = base + j * stride (bytes): a strided batch as an array of pointers, made on the device.
static __global__ void strided_pointers(char *base, int64_t stride, void **to, int64_t n) {
    const int64_t j = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j < n) to[j] = base + j * stride;
}
// to[idx[j]] = from[j] (0 without `from`): a sorted chunk's info into the caller's device info.
static __global__ void scatter_info(const int *from, const int64_t *idx, int *to, int64_t n) {
    const int64_t j = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j < n) to[idx[j]] = from ? from[j] : 0;
}
inline unsigned blocks_of(int64_t n) { return unsigned((n + 255) / 256); }
// *flag = 1 where any of info[0..n) is not 0 (*flag zeroed before): what a chunk whose info goes
// to the host leaves for finish() to read, so that a batch without failures moves no infos. The
// flag lies in the chunk's pinned buffer, which the kernel writes across the bus itself: a device
// flag took a memset and a copy back, two more calls of 5-15 us each on an H100's host (a fifth of
// a synchronous getrf call at n = 8, src_cuda/PERFORMANCE.md). Plain stores, not atomics: atomics
// on host memory need not be atomic across the bus, and every writer writes the same 1.
static __global__ void any_failure(const int *info, int64_t n, int *flag) {
    const int64_t j = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (__any_sync(0xffffffffu, j < n && info[j] != 0) && (threadIdx.x & 31) == 0) *flag = 1;
}

class Driver;

// An array argument is known by its data (so that a read-only copy of a written argument, as gesv
// passes to its solve, is the same argument).
template <class T> const void *key_of(const Array<T> &a) {
    return a.pointers ? static_cast<const void *>(a.ptrs) : static_cast<const void *>(a.base);
}

// The read-only form of an argument that a routine writes and then reads.
template <class T> Array<const T> as_const(const Array<T> &a) {
    Array<const T> r;
    r.base = a.base;
    r.stride = a.stride;
    r.ptrs = a.ptrs;
    r.pointers = a.pointers;
    r.has_ld = a.has_ld;
    r.ld = a.ld;
    return r;
}

class Chunk {
public:
    int64_t first = 0, count = 0;
    cudaStream_t stream = nullptr;
    int *info = nullptr;  // device, `count` entries, written by the kernels (null for BLAS routines)

    // The caller's index of the chunk's j-th matrix.
    int64_t matrix(int64_t j) const;

    template <class T> View<Dev<T>> view(const Array<T> &a);
    Sizes sizes(const Int &x);
    // A view's matrices as a device array of pointers (what cuBLAS's pointer-array routines take).
    template <class T> T *const *pointers(const View<T> &v);
    // The cuBLAS handle of the chunk's slot, on chunk.stream.
    cublasHandle_t blas() const {
        cublasHandle_t h = slot_->blas();
        check(cublas().SetStream(h, stream), "cublasSetStream");  // which also restores the default workspace
        if (!pin_) {
            // A stream-ordered call (on the caller's stream) returns before its products run, and
            // the next call on another stream may lease the same handle: cuBLAS's default
            // workspace would then serve both streams at once. Its products get a workspace of
            // their own, stream-ordered like its other memory.
            if (!blas_workspace_) blas_workspace_ = std::make_unique<Workspace>(kBlasWorkspaceBytes, stream);
            check(cublas().SetWorkspace(h, blas_workspace_->at<void>(), kBlasWorkspaceBytes), "cublasSetWorkspace");
        }
        return h;
    }
    // info = 0 on the device, for kernels that then record failures in it.
    void clear_info() {
        if (info) zero(info, sizeof(int) * count, stream, "cudaMemsetAsync (info)");
    }
    // For a kernel that alone writes every info of the chunk (getrf and potrf in one launch): a
    // place it sets to 1 where it writes an info that is not 0, so that the chunk needs no pass of
    // any_failure over its infos, whose flag this is (send_back: one launch less a chunk). Zeroed
    // here, before that kernel is enqueued (the slot's previous chunk is finished). Null where the
    // chunk's infos need no flag (info in device or managed memory).
    int *failure_flag() {
        int *flag = info && pin_ && !driver_info_direct() ? pinned_flag() : nullptr;
        if (flag) *flag = 0, flag_raised_ = true;
        return flag;
    }
    // For routines that cannot fail on a matrix (the solves, QR, gebrd): info = 0 throughout,
    // written on the host when the chunk is done, with no copy to or from the device (at n = 8
    // the copy of 200,000 infos and its unpacking were about a fifth of a geqrf call).
    void no_failures() { info_zero_ = true; }

private:
    friend class Driver;
    struct Staged {
        const void *key;
        char *device;                  // the chunk's copy on the device
        std::vector<int64_t> offsets;  // bytes, per matrix of the chunk (packed copies)
        bool direct;                   // pinned strided data: copied as it lies, at its own stride
    };
    // Bump allocation in the slot's device buffer and its pinned mirror.
    size_t take(size_t bytes);
    // n values value(j) written straight into the slot's pinned buffer (no temporary array: see
    // Context::order) and copied to the device; on the library's threads for a large sorted batch.
    template <class T, class F> const T *gather(int64_t n, F &&value);
    template <class T> const T *upload(const T *host, int64_t n);
    // A stream-ordered call has no pinned staging: its launches need nothing from the host.
    void need_staging() const {
        if (!pin_) throw Failure(BL_ERROR_INTERNAL, "CUDA driver: a stream-ordered call staged host data");
    }
    // The failure flag's place in the pinned buffer: the twin of the entry after the chunk's
    // device infos (Driver::prepare takes count + 1 of them).
    int *pinned_flag() const { return reinterpret_cast<int *>(pin_ + (reinterpret_cast<char *>(info + count) - dev_)); }
    bool driver_info_direct() const;

    Slot *slot_ = nullptr;
    bool info_zero_ = false;
    bool flag_raised_ = false;  // the chunk's kernels set the failure flag themselves
    char *dev_ = nullptr, *pin_ = nullptr;
    // A stream-ordered call's small arrays: stream-ordered memory, allocated by the first take()
    // (most launches on device data take none) and given back in the stream's order.
    std::unique_ptr<Workspace> ordered_;
    // cuBLAS's workspace for a stream-ordered call's products (blas()): the size cuBLAS's
    // documentation recommends for Hopper.
    static constexpr size_t kBlasWorkspaceBytes = size_t(32) << 20;
    mutable std::unique_ptr<Workspace> blas_workspace_;
    size_t used_ = 0, cap_ = 0;
    std::vector<Staged> staged_;
    const Driver *driver_ = nullptr;
};

class Driver {
public:
    explicit Driver(const Batch &b) : b_(b) {}

    // A variable batch is worked on sorted by order, not only by size class: for routines whose
    // fused kernels run long unrolled code (getrf, potrf), matrices of one order next to each
    // other run it in step on a multiprocessor. (geqrf was slower sorted: it keeps its classes.)
    void sort_by_order() { exact_ = true; }

    // Registers array `a`; shape(i) gives matrix i's rows and columns.
    template <class T, class S> void add(const Array<T> &a, S shape, bool written) {
        Arg g;
        g.key = key_of(a);
        g.elem = sizeof(T);
        g.written = written;
        g.pointers = a.pointers;
        g.base = reinterpret_cast<const char *>(a.base);
        g.stride_bytes = a.stride * int64_t(sizeof(T));
        g.ptrs = reinterpret_cast<const void *const *>(a.ptrs);
        const Where array_at = a.pointers ? where(a.ptrs) : Where::Pageable;
        g.ptrs_on_device = on_device(array_at);
        g.ld = a.has_ld ? a.ld : Int(1);
        g.shape = shape;
        // One probe per argument, the first matrix's pointer: a batch's matrices are taken to be
        // all in one kind of memory (empty matrices may have null pointers: skipped). With a
        // stream set, a device array of pointers is not read (that would wait for the stream): it
        // points to device memory (batchlapack.h).
        const bool unread = array_at == Where::Device && stream_setting() != nullptr;
        const void *probe = !a.pointers ? a.base : unread ? nullptr : first_pointer(g, array_at != Where::Device);
        g.where = probe ? where(probe) : Where::Device;
        if (g.ptrs_on_device && !on_device(g.where)) {  // host data behind a device array: stage it
            g.host_ptrs.resize(size_t(b_.count));
            copy_now(g.host_ptrs.data(), g.ptrs, sizeof(void *) * size_t(b_.count),
                     "cudaMemcpy (array of pointers to the host)");
            g.ptrs_on_device = false;
        }
        args_.push_back(std::move(g));
    }

    // Bytes of host memory the call would move to the device (and the written part back).
    double host_bytes() const {
        double s = 0;
        for (const Arg &g : args_)
            if (!on_device(g.where)) {
                const int64_t n = b_.layout == Layout::Variable ? b_.count : 1;
                double one = 0;
                for (int64_t i = 0; i < n; ++i) one += double(foot(g, i)) * g.elem;
                s += (b_.layout == Layout::Variable ? one : one * b_.count) * (g.written ? 2 : 1);
            }
        return s;
    }

    // Runs the whole batch through launch(Chunk&); returns once results are in the caller's arrays,
    // or, with a stream set and every array in place on the device, once the work is enqueued on
    // that stream (run_ordered).
    template <class F> void run(F &&launch) {
        info_direct_ = b_.info != nullptr && (b_.info_on_device || where(b_.info) == Where::Managed);
        const cudaStream_t callers = static_cast<cudaStream_t>(stream_setting());
        if (callers && in_place()) return run_ordered(callers, launch);
        Lease ctx;
        // order_ borrows the context's array for the call (its capacity is kept between calls)
        struct Borrow {
            std::vector<int64_t> &mine, &ctx;
            Borrow(std::vector<int64_t> &m, std::vector<int64_t> &c) : mine(m), ctx(c) { std::swap(mine, ctx); }
            ~Borrow() { std::swap(mine, ctx); }
        } borrow(order_, ctx->order);
        order_.clear();
        // A uniform batch whose matrices all lie on the device is one chunk. With no stream set it
        // runs on the calling thread's per-thread default stream, which is what a call must follow
        // (README): work there is behind that thread's earlier work on it and behind the legacy
        // stream's (a blocking stream), while other threads' calls keep streams of their own. That
        // spares the two events recorded and the stream's two waits for them, four CUDA calls (at
        // the issue's batches the difference was within the noise: src_cuda/PERFORMANCE.md,
        // fiftieth section). The slot's buffers stay the call's: it waits for the stream before it
        // returns.
        const cudaStream_t own = !callers && one_device_chunk() ? cudaStreamPerThread : nullptr;
        if (!own) ctx->record_callers_work(callers);
        bool waits[kSlots] = {};  // whether the slot's stream waits for the caller's work yet
        limit_ = own ? 0 : chunk_bytes(host_bytes());  // (prepare() sizes only staged chunks by it)
        sort_by_class(*ctx);
        struct Pending {
            Chunk chunk;
            bool busy = false;
        } pending[kSlots];
        int64_t first = 0;
        int next = 0;
        // The chunks whose results are in the caller's arrays, [first, first + count) in the
        // driver's order: what a failure reports as delivered.
        std::vector<std::pair<int64_t, int64_t>> delivered;
        try {
            while (first < b_.count) {
                Slot &slot = ctx->slot[next];
                Pending &p = pending[next];
                if (p.busy) {
                    finish(p.chunk), p.busy = false;
                    delivered.emplace_back(p.chunk.first, p.chunk.count);
                }
                p.chunk = Chunk();
                if (!own && !waits[next]) ctx->wait_callers_work(slot), waits[next] = true;
                prepare(slot, own ? own : slot.stream, p.chunk, first);
                launch(p.chunk);
                send_back(p.chunk);
                p.busy = true;
                first += p.chunk.count;
                next = (next + 1) % kSlots;
            }
        } catch (...) {
            // Nothing may still be running on the buffers when the context goes back to the pool.
            ctx->drain(own);
            // The chunks enqueued in full before the failure (all of their device memory is
            // taken before their first kernel) have run to the end: deliver them too, so that
            // every matrix is either computed, results and info, or untouched.
            for (int k = 0; k < kSlots; ++k) {  // oldest first
                Pending &p = pending[(next + k) % kSlots];
                if (!p.busy) continue;
                try {
                    finish(p.chunk);
                } catch (...) {
                    ctx->drain(own);
                    break;
                }
                delivered.emplace_back(p.chunk.first, p.chunk.count);
            }
            std::vector<int64_t> matrices;
            for (const auto &d : delivered)
                for (int64_t j = 0; j < d.second; ++j) matrices.push_back(at(d.first + j));
            record_delivered(std::move(matrices));
            throw;
        }
        for (int k = 0; k < kSlots; ++k) {  // oldest first
            int s = (next + k) % kSlots;
            if (pending[s].busy) finish(pending[s].chunk);
        }
    }

private:
    friend class Chunk;
    // Every array (info too) on the device, read where it lies, and one launch for the batch: the
    // call can be enqueued on the caller's stream as it is. (A variable batch reads its sizes on
    // the host and sorts by them: it takes the synchronous path.)
    bool in_place() const {
        if (!one_device_chunk() || (b_.info && !info_direct_)) return false;
        for (const Arg &g : args_)
            if (g.pointers && !g.ptrs_on_device) return false;
        return true;
    }
    // A uniform batch with every matrix in device or managed memory: nothing to stage, so one
    // chunk (a host array of pointers or host infos go through the slot's buffers).
    bool one_device_chunk() const {
        if (b_.layout == Layout::Variable) return false;
        for (const Arg &g : args_)
            if (!on_device(g.where)) return false;
        return true;
    }
    // The stream-ordered call: one chunk on the caller's stream, its small arrays (if any) in
    // stream-ordered workspace (nothing the next call could overwrite while this one's kernels
    // wait), info written in place, no wait.
    template <class F> void run_ordered(cudaStream_t stream, F &&launch) {
        Lease ctx;  // the host-side state and the cuBLAS handle
        Chunk c;
        c.first = 0;
        c.count = b_.count;
        c.stream = stream;
        c.slot_ = &ctx->slot[0];
        c.driver_ = this;
        c.cap_ = kChunkBase + kPerMatrixSmall * size_t(c.count);  // taken on first use (Chunk::take)
        c.info = b_.info;
        launch(c);
        check_launch("batchlapack kernel");
        if (c.info && c.info_zero_) zero(c.info, sizeof(int) * size_t(c.count), stream, "cudaMemsetAsync (info)");
    }
    static constexpr size_t kChunkBase = size_t(64) << 10;  // room for the 256-byte alignment of every piece
    static constexpr size_t kPerMatrixSmall = 128;         // info, pointer and size arrays of a chunk
    struct Arg {
        const void *key;
        size_t elem;
        bool written, pointers;
        const char *base;
        int64_t stride_bytes;
        const void *const *ptrs;
        bool ptrs_on_device;                // the array of pointers itself (kernels read it in place)
        std::vector<const void *> host_ptrs;  // a host copy of a device array, when the data is on the host
        Int ld;
        std::function<Shape(int64_t)> shape;
        Where where;
    };
    // The first non-null pointer of a pointer array (null if all are): read directly, or for an
    // array in device memory copied back a piece at a time (the first entry is nearly always it).
    const void *first_pointer(const Arg &g, bool host_readable) const {
        if (host_readable) {
            for (int64_t i = 0; i < b_.count; ++i)
                if (g.ptrs[i]) return g.ptrs[i];
            return nullptr;
        }
        std::vector<const void *> part;
        for (int64_t i = 0, n = 16; i < b_.count; i += n, n *= 16) {
            n = std::min<int64_t>(n, b_.count - i);
            part.resize(size_t(n));
            copy_now(part.data(), g.ptrs + i, sizeof(void *) * size_t(n),
                     "cudaMemcpy (array of pointers, first entries)");
            for (const void *p : part)
                if (p) return p;
        }
        return nullptr;
    }
    // The caller's index of the k-th matrix in the order the batch is worked on.
    int64_t at(int64_t k) const { return order_.empty() ? k : order_[size_t(k)]; }
    // Variable batches: order_ sorted by size class, largest first, and class_end_ the end of
    // each class in it; with sort_by_order(), by order up to kExact within the classes. A
    // matrix's order is its largest dimension over the arguments. A counting sort (linear in
    // the batch), the caller's order among equal keys; all of one key: the caller's order, no
    // permutation.
    void sort_by_class(Context &ctx) {
        if (b_.layout != Layout::Variable || b_.count < 2) return;
        // Class 4c + 3: orders up to 2^c (c >= 3). With sort_by_order() the octave 33..64 is cut
        // in four, classes 24..27 of 8 orders each, and those above it in halves, class 4c + 1
        // holding the orders up to 3 * 2^(c - 2) (65..96, ...): a launch for orders 41..48 takes
        // getrf's register kernel for 48 columns, and the blocked kernels of 65..96 stop a panel
        // short of 128. (getrf_rows' time per matrix follows the columns of its variant more than
        // the matrix's order.) The sort key is the order itself with sort_by_order() (up to
        // kExact), else kExact + class.
        constexpr int kClasses = 128, kExact = 1024, kKeys = kExact + kClasses + 1;
        auto class_of = [&](int64_t order) {
            int c = 3;
            while ((int64_t(1) << c) < order) ++c;
            return !exact_ || c < 6 ? 4 * c + 3
                   : c == 6         ? 24 + int(order - 33) / 8
                                    : 4 * c + (order <= int64_t(3) << (c - 2) ? 1 : 3);
        };
        auto class_of_key = [&](int k) { return k >= kExact ? k - kExact : class_of(k); };
        // A counting sort in parts of the batch, each counting its keys and then placing its
        // matrices, on the library's threads (the serial sort was a tenth of a getrf call on 32768
        // matrices); parts in the batch's order keep the caller's order among equal keys.
        const int64_t n = b_.count;
        const int parts = n < kHostParallelMin ? 1 : int(std::min<int64_t>(16, n / (kHostParallelMin / 2)));
        std::vector<uint16_t> &key = ctx.key;
        std::vector<int64_t> &count = ctx.count;  // count[p * kKeys + k]: part p's matrices of key k
        key.resize(size_t(n));
        count.assign(size_t(parts) * kKeys, 0);
        host_for(parts, parts > 1, [&](int64_t p) {
            int64_t *c = count.data() + size_t(p) * kKeys;
            for (int64_t i = n * p / parts; i < n * (p + 1) / parts; ++i) {
                int64_t order = 0;
                for (const Arg &g : args_) {
                    const Shape s = g.shape(i);
                    order = std::max({order, s.rows, s.cols});
                }
                const int k = exact_ && order <= kExact ? int(order) : kExact + class_of(order);
                key[size_t(i)] = static_cast<uint16_t>(k);
                ++c[k];
            }
        });
        std::vector<int64_t> in_key(kKeys);
        int64_t in_class[kClasses] = {};
        for (int p = 0; p < parts; ++p)
            for (int k = 0; k < kKeys; ++k) in_key[size_t(k)] += count[size_t(p) * kKeys + k];
        if (in_key[key[0]] == n) return;
        for (int k = 0; k < kKeys; ++k)
            if (in_key[size_t(k)]) in_class[class_of_key(k)] += in_key[size_t(k)];
        // A class of fewer than 1/16 of the matrices joins the nearest larger class that stays:
        // a chunk of its own would cost its launches and a pass over the host arrays for little
        // work (splitting such a class off measured no gain). Joining the next larger class keeps
        // every class a contiguous range of keys.
        int into[kClasses];
        for (int c = kClasses - 1, kept = -1; c >= 0; --c) {
            into[c] = c;
            if (in_class[c] == 0) continue;
            if (kept >= 0 && in_class[c] * 16 < n) into[c] = kept;
            else kept = c;
        }
        for (int c = 0; c < kClasses; ++c)
            if (into[c] != c) in_class[into[c]] += in_class[c], in_class[c] = 0;
        int64_t at = 0;
        for (int c = kClasses - 1; c >= 0; --c)
            if (in_class[c]) class_end_.push_back(at += in_class[c]);
        // Keys from the largest down, and within a key the parts in order: count becomes each
        // part's first position for the key.
        at = 0;
        for (int k = kKeys - 1; k >= 0; --k)
            if (in_key[size_t(k)])
                for (int p = 0; p < parts; ++p) {
                    int64_t &c = count[size_t(p) * kKeys + k];
                    const int64_t here = c;
                    c = at;
                    at += here;
                }
        order_.resize(size_t(n));
        host_for(parts, parts > 1, [&](int64_t p) {
            int64_t *c = count.data() + size_t(p) * kKeys;
            for (int64_t i = n * p / parts; i < n * (p + 1) / parts; ++i) order_[size_t(c[key[size_t(i)]]++)] = i;
        });
    }
    // The end of the class that holds position k (the batch's end without classes).
    int64_t class_end(int64_t k) const {
        for (int64_t e : class_end_)
            if (k < e) return e;
        return b_.count;
    }
    static int64_t foot(const Arg &g, int64_t i) {
        Shape s = g.shape(i);
        return s.rows > 0 && s.cols > 0 ? int64_t(std::abs(g.ld[i])) * (s.cols - 1) + s.rows : 0;
    }
    // Pinned memory in a strided layout needs no packing: the chunk is one span of it.
    bool direct(const Arg &g) const { return g.where == Where::Pinned && !g.pointers && b_.layout != Layout::Variable; }
    size_t span(const Arg &g, int64_t first, int64_t count) const {
        const size_t f = size_t(foot(g, first)) * g.elem;
        return f ? size_t(count - 1) * size_t(g.stride_bytes) + f : 0;
    }
    const char *host_address(const Arg &g, int64_t i) const {
        if (!g.pointers) return g.base + i * g.stride_bytes;
        return static_cast<const char *>(g.host_ptrs.empty() ? g.ptrs[i] : g.host_ptrs[size_t(i)]);
    }

    // Chooses the chunk starting at `first` (as many matrices as fit chunk_bytes(), at least
    // one), sizes the slot's buffers, packs the host arrays and copies them to the device, on
    // `stream` (the slot's, or the per-thread default stream: run()).
    void prepare(Slot &slot, cudaStream_t stream, Chunk &c, int64_t first) {
        const size_t limit = limit_;
        const size_t per_matrix_small = kPerMatrixSmall;
        size_t bytes = kChunkBase;
        bool staged = false;
        for (const Arg &g : args_) staged |= !on_device(g.where);
        const int64_t end = class_end(first);
        int64_t count = staged ? 0 : end - first;
        for (int64_t i = first; staged && i < end; ++i) {
            size_t m = per_matrix_small;
            for (const Arg &g : args_)
                if (!on_device(g.where)) m += size_t(foot(g, at(i))) * g.elem;
            if (count > 0 && bytes + m > limit) break;
            bytes += m;
            ++count;
        }
        if (!staged) bytes += per_matrix_small * size_t(count);
        c.first = first;
        c.count = count;
        c.stream = stream;
        c.slot_ = &slot;
        c.driver_ = this;
        c.dev_ = static_cast<char *>(slot.device.ensure(bytes));
        c.pin_ = static_cast<char *>(slot.pinned.ensure(bytes));
        c.cap_ = bytes;
        if (info_direct_ && order_.empty()) c.info = b_.info + first;  // the kernels write it in place
        else if (b_.info)  // + a place for any_failure's flag, whose pinned twin it writes
            c.info = reinterpret_cast<int *>(c.dev_ + c.take(sizeof(int) * (count + 1)));
        for (const Arg &g : args_) {
            if (on_device(g.where)) continue;
            if (direct(g)) {  // the copy engines read the caller's pinned memory themselves
                const size_t total = span(g, first, count);
                const size_t at = c.take(total);
                if (total)
                    copy_to_device(c.dev_ + at, host_address(g, first), total, c.stream,
                                   "cudaMemcpyAsync (pinned batch to device)");
                c.staged_.push_back(Chunk::Staged{g.key, c.dev_ + at, {}, true});
                continue;
            }
            Chunk::Staged s{g.key, nullptr, std::vector<int64_t>(count), false};
            size_t total = 0;
            for (int64_t j = 0; j < count; ++j) {
                s.offsets[j] = int64_t(total);
                total += size_t(foot(g, at(first + j))) * g.elem;
            }
            const size_t to = c.take(total);
            host_for(count, count > 256, [&](int64_t j) {
                size_t n = size_t(foot(g, at(first + j))) * g.elem;
                if (n) std::memcpy(c.pin_ + to + s.offsets[j], host_address(g, at(first + j)), n);
            });
            if (total)
                copy_to_device(c.dev_ + to, c.pin_ + to, total, c.stream, "cudaMemcpyAsync (host batch to device)");
            s.device = c.dev_ + to;
            c.staged_.push_back(std::move(s));
        }
    }

    // Enqueues the copies of the chunk's results (written host arrays, info) to the pinned buffer.
    void send_back(Chunk &c) {
        check_launch("batchlapack kernel");
        for (const Chunk::Staged &s : c.staged_) {
            const Arg &g = arg(s.key);
            if (!g.written) continue;
            if (s.direct) {
                if (size_t total = span(g, c.first, c.count))
                    copy_to_host(const_cast<char *>(host_address(g, c.first)), s.device, total, c.stream,
                                 "cudaMemcpyAsync (results to pinned host memory)");
                continue;
            }
            size_t total = size_t(s.offsets.back()) + size_t(foot(g, at(c.first + c.count - 1))) * g.elem;
            if (total)
                copy_to_host(c.pin_ + (s.device - c.dev_), s.device, total, c.stream,
                             "cudaMemcpyAsync (results to host)");
        }
        if (c.info && info_direct_) {
            const bool in_place = c.info == b_.info + c.first;
            if (c.info_zero_ && in_place) {
                zero(c.info, sizeof(int) * size_t(c.count), c.stream, "cudaMemsetAsync (info)");
            } else if (!in_place) {  // a sorted chunk: each matrix's info to its place in the caller's order
                const int64_t *idx = c.gather<int64_t>(c.count, [&](int64_t j) { return c.matrix(j); });
                scatter_info<<<blocks_of(c.count), 256, 0, c.stream>>>(c.info_zero_ ? nullptr : c.info, idx, b_.info,
                                                                        c.count);
                check_launch("scatter_info");
            }
        } else if (c.info && !c.info_zero_ && !c.flag_raised_) {
            // The flag alone; finish() fetches the infos if it is set. (The slot's previous chunk
            // is finished, so nothing else uses the flag's place.)
            int *flag = c.pinned_flag();
            *flag = 0;
            if (c.count > 0) any_failure<<<blocks_of(c.count), 256, 0, c.stream>>>(c.info, c.count, flag);
            check_launch("any_failure");
        }
    }

    // Waits for the chunk and unpacks its results into the caller's arrays.
    void finish(const Chunk &c) {
        // A uniform batch's host infos are zero unless the chunk's failure flag says otherwise:
        // filled while the kernels run, not after the wait (200,000 infos took about 20 us, a
        // tenth of a getrf call at n = 8). Should the wait fail, the call writes its error code
        // into every info it did not deliver (call.hpp), these too.
        const bool host_infos = c.info && !info_direct_ && order_.empty();
        if (host_infos) std::fill_n(b_.info + c.first, c.count, 0);
        wait(c.stream, "batchlapack kernels");
        for (const Chunk::Staged &s : c.staged_) {
            const Arg &g = arg(s.key);
            if (!g.written || s.direct) continue;
            const char *pinned = c.pin_ + (s.device - c.dev_);
            host_for(c.count, c.count > 256, [&](int64_t j) {
                size_t n = size_t(foot(g, at(c.first + j))) * g.elem;
                if (n) std::memcpy(const_cast<char *>(host_address(g, at(c.first + j))), pinned + s.offsets[j], n);
            });
        }
        if (info_direct_ || !c.info) return;  // (info on the device: written there by the kernels)
        int *pinned = reinterpret_cast<int *>(c.pin_ + (reinterpret_cast<char *>(c.info) - c.dev_));
        const bool zero = c.info_zero_ || *c.pinned_flag() == 0;  // the failure flag (send_back)
        if (!zero) {  // some matrix failed: the chunk's infos now
            copy_to_host(pinned, c.info, sizeof(int) * c.count, c.stream, "cudaMemcpyAsync (info to host)");
            wait(c.stream, "cudaMemcpyAsync (info to host)");
        }
        if (host_infos) {
            // one copy over the zeros: a loop through the batch order took about 55 us over
            // 200,000 infos (H100 host), half the kernel time of a getrf at n = 8
            if (!zero) std::memcpy(b_.info + c.first, pinned, sizeof(int) * c.count);
            return;
        }
        // (A parallel loop here cost a uniform batch many times the call it ended: only the sorted
        // batches' scatter uses it.)
        host_for(c.count, c.count >= kHostParallelMin, [&](int64_t j) { b_.info[at(c.first + j)] = zero ? 0 : pinned[j]; });
    }

    const Arg &arg(const void *key) const {
        for (const Arg &g : args_)
            if (g.key == key) return g;
        throw Failure(BL_ERROR_INTERNAL, "CUDA driver: array argument not registered");
    }

    const Batch &b_;
    std::vector<Arg> args_;
    size_t limit_ = 0;  // bytes of a chunk
    std::vector<int64_t> order_, class_end_;
    bool exact_ = false;
    bool info_direct_ = false;  // info in device or managed memory: the kernels write it there
};

inline int64_t Chunk::matrix(int64_t j) const { return driver_->at(first + j); }
inline bool Chunk::driver_info_direct() const { return driver_->info_direct_; }

inline size_t Chunk::take(size_t bytes) {
    if (!dev_ && !pin_) {  // a stream-ordered chunk (Driver::run_ordered)
        ordered_ = std::make_unique<Workspace>(cap_, stream);
        dev_ = ordered_->at<char>();
    }
    size_t at = used_;
    used_ = (used_ + bytes + 255) & ~size_t(255);
    if (used_ > cap_) throw Failure(BL_ERROR_INTERNAL, "CUDA driver: chunk workspace overflow");
    return at;
}

template <class T> const T *Chunk::upload(const T *host, int64_t n) {
    need_staging();
    const size_t bytes = sizeof(T) * size_t(n), at = take(bytes);
    std::memcpy(pin_ + at, host, bytes);
    copy_to_device(dev_ + at, pin_ + at, bytes, stream, "cudaMemcpyAsync (sizes)");
    return reinterpret_cast<const T *>(dev_ + at);
}

template <class T, class F> const T *Chunk::gather(int64_t n, F &&value) {
    need_staging();
    const size_t bytes = sizeof(T) * size_t(n), at = take(bytes);
    T *to = reinterpret_cast<T *>(pin_ + at);
    host_for(n, n >= kHostParallelMin && !driver_->order_.empty(), [&](int64_t j) { to[j] = value(j); });
    copy_to_device(dev_ + at, pin_ + at, bytes, stream, "cudaMemcpyAsync (sizes)");
    return reinterpret_cast<const T *>(dev_ + at);
}

inline Sizes Chunk::sizes(const Int &x) {
    Sizes s;
    if (!x.variable) {
        s.value = x.value;
    } else if (driver_->order_.empty()) {
        s.per = upload(x.per + first, count);
    } else {
        s.per = gather<int>(count, [&](int64_t j) { return x.per[matrix(j)]; });
    }
    return s;
}

template <class T> View<Dev<T>> Chunk::view(const Array<T> &a) {
    using D = Dev<T>;
    View<D> v;
    const Driver::Arg &g = driver_->arg(key_of(a));
    Sizes ld = a.has_ld ? sizes(a.ld) : Sizes{1, nullptr};
    v.ld = ld.value;  // increments keep their sign (a negative one walks the vector backwards)
    v.lds = ld.per;
    if (on_device(g.where)) {
        if (!a.pointers) {
            v.base = reinterpret_cast<D *>(a.base + first * a.stride), v.stride = a.stride;
        } else if (driver_->order_.empty()) {
            v.ptrs = g.ptrs_on_device ? reinterpret_cast<D *const *>(a.ptrs + first)
                                      : reinterpret_cast<D *const *>(upload(a.ptrs + first, count));
        } else if (g.ptrs_on_device) {  // the chunk's entries gathered on the device, in the driver's order
            const int64_t *idx = gather<int64_t>(count, [&](int64_t j) { return matrix(j); });
            void **to = reinterpret_cast<void **>(dev_ + take(sizeof(void *) * size_t(count)));
            gather_pointers<<<blocks_of(count), 256, 0, stream>>>(
                reinterpret_cast<void *const *>(const_cast<std::remove_const_t<T> *const *>(a.ptrs)), idx, to, count);
            check_launch("gather_pointers");
            v.ptrs = reinterpret_cast<D *const *>(to);
        } else {  // the chunk's entries gathered on the host, in the driver's order
            v.ptrs = gather<D *>(count, [&](int64_t j) { return reinterpret_cast<D *>(a.ptrs[matrix(j)]); });
        }
        return v;
    }
    for (const Staged &s : staged_) {
        if (s.key != key_of(a)) continue;
        D *base = reinterpret_cast<D *>(s.device);
        if (s.direct) {
            v.base = base;
            v.stride = a.stride;
            return v;
        }
        if (driver_->b_.layout == Layout::Variable) {
            v.ptrs = gather<D *>(count, [&](int64_t j) { return reinterpret_cast<D *>(s.device + s.offsets[j]); });
        } else {
            v.base = base;
            v.stride = count > 1 ? s.offsets[1] / int64_t(sizeof(T)) : 0;
        }
        return v;
    }
    throw Failure(BL_ERROR_INTERNAL, "CUDA driver: array argument not staged");
}

template <class T> T *const *Chunk::pointers(const View<T> &v) {
    if (v.ptrs) return v.ptrs;
    void **to = reinterpret_cast<void **>(dev_ + take(sizeof(void *) * size_t(count)));
    strided_pointers<<<blocks_of(count), 256, 0, stream>>>(
        reinterpret_cast<char *>(const_cast<std::remove_const_t<T> *>(v.base)), v.stride * int64_t(sizeof(T)), to, count);
    check_launch("strided_pointers");
    return reinterpret_cast<T *const *>(to);
}

// The largest value of a size argument over a chunk's matrices (picks the kernel for the chunk).
inline int chunk_max(const Int &x, const Chunk &c) {
    if (!x.variable) return x.value;
    // The largest of each part, then of the parts.
    constexpr int kParts = 16;
    int best[kParts] = {};
    const int64_t n = c.count;
    host_for(kParts, n >= kHostParallelMin, [&](int64_t p) {
        for (int64_t j = n * p / kParts; j < n * (p + 1) / kParts; ++j) best[p] = std::max(best[p], x.per[c.matrix(j)]);
    });
    return *std::max_element(best, best + kParts);
}

// A routine's cuda::run: `add(driver)` registers its arrays, `launch(chunk)` enqueues its kernels.
template <class Op, class Add, class Launch> int drive(const Op &op, Add &&add, Launch &&launch) {
    return guarded([&] {
        Driver d(op.b);
        add(d);
        d.run(launch);
        return 0;
    });
}

}  // namespace cuda
}  // namespace bl
