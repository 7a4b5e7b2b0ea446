//! Memory for the engines' large tables: zeroed, aligned to huge pages and,
//! on Linux, advised for transparent huge pages.

use std::alloc::Layout;
use std::ptr::NonNull;

/// Memory is asked for in huge pages from this size on.
const HUGE_PAGE: usize = 2 << 20;

/// A fixed slice of `T`s, all bytes zero at first, in memory aligned to a
/// huge page and, on Linux, marked for transparent huge pages: a probe then
/// seldom misses the address cache (one entry of it covers 2 MB rather than
/// 4 kB), and the first writes to a 64 MB table fault 32 pages in rather
/// than 16 384.
pub(crate) struct Pages<T> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: `Pages` owns its values, as a `Vec<T>` would.
unsafe impl<T: Send> Send for Pages<T> {}
// SAFETY: as for `Send`: shared access gives only `&T`.
unsafe impl<T: Sync> Sync for Pages<T> {}

impl<T> Pages<T> {
    /// `len` values (at least one) of all-zero bytes.
    ///
    /// # Safety
    ///
    /// All-zero bytes must be a valid `T`, and `T` must need no drop.
    pub(crate) unsafe fn zeroed(len: usize) -> Pages<T> {
        let bytes = len.max(1) * std::mem::size_of::<T>();
        let align = if bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            std::mem::align_of::<T>()
        };
        let layout = Layout::from_size_align(bytes, align).expect("a table that fits in memory");
        // SAFETY: the layout's size is not zero (`T` is not zero-sized in a table).
        let raw = unsafe { std::alloc::alloc(layout) };
        let Some(ptr) = NonNull::new(raw.cast::<T>()) else {
            std::alloc::handle_alloc_error(layout)
        };
        if align == HUGE_PAGE {
            advise_huge_pages(raw, bytes);
        }
        // SAFETY: the memory holds `len` values of `T`, aligned; the caller
        // vouches that zero bytes are a valid `T`.
        unsafe { std::ptr::write_bytes(ptr.as_ptr(), 0, len) };
        Pages { ptr, len, layout }
    }
}

impl<T> std::ops::Deref for Pages<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` initialised values for as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> std::ops::DerefMut for Pages<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as for `Deref`, and `&mut self` is the only reference.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for Pages<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `Pages::zeroed` with this layout; the values need no drop.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), self.layout) };
    }
}

/// Asks Linux to back `bytes` bytes from `start` (aligned to a huge page)
/// with transparent huge pages (`madvise(MADV_HUGEPAGE)`); elsewhere, or if
/// the kernel declines, the table keeps ordinary pages.
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        const MADVISE: usize = 28;
        const MADV_HUGEPAGE: usize = 14;
        // SAFETY: madvise only advises the kernel about memory this process
        // owns; it reads and writes no memory, and its result is not needed.
        unsafe {
            std::arch::asm!(
                "syscall",
                inlateout("rax") MADVISE => _,
                in("rdi") start,
                in("rsi") bytes,
                in("rdx") MADV_HUGEPAGE,
                lateout("rcx") _,
                lateout("r11") _,
                options(nostack),
            );
        }
    }
    #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
    let _ = (start, bytes);
}
