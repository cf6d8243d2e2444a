# batchlapack.pc: relocatable (paths relative to the .pc file, so `cmake --install --prefix DIR`
# works for any DIR), with the libraries a static link would need in Libs.private. Libs carries
# -Wl,-rpath,${libdir}: a program linked with pkg-config's flags then starts without
# LD_LIBRARY_PATH wherever the prefix is (a prefix outside the loader's folders, /opt/..., is the
# common case of a library built from source).

# pkg-config wants -L/-l flags; CMake's lists hold full paths (/usr/lib/.../libopenblas.so) or flags.
function(batchlapack_pc_flags out)
  set(flags)
  foreach(item IN LISTS ARGN)
    if(item MATCHES "^-")
      list(APPEND flags "${item}")
    elseif(item MATCHES "/lib([^/]+)\\.(so|a|dylib)[.0-9]*$")
      get_filename_component(dir "${item}" DIRECTORY)
      list(APPEND flags "-L${dir}" "-l${CMAKE_MATCH_1}")
    elseif(item)
      list(APPEND flags "-l${item}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES flags)
  string(REPLACE ";" " " flags "${flags}")
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

set(_bl_private ${BATCHLAPACK_LAPACK_LIBRARIES})
if(BATCHLAPACK_WITH_OPENMP)
  list(APPEND _bl_private ${OpenMP_CXX_LIBRARIES})
endif()
# The library is C++ inside: a static link from C needs the C++ runtime and libm.
batchlapack_pc_flags(BATCHLAPACK_PC_LIBS_PRIVATE ${_bl_private} -lstdc++ -lm)

foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(BATCHLAPACK_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(BATCHLAPACK_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
# From <libdir>/pkgconfig back up to the prefix (an absolute libdir pins the prefix instead).
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(BATCHLAPACK_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _bl_up "/root/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/root")
  string(REGEX REPLACE "/$" "" _bl_up "${_bl_up}")
  set(BATCHLAPACK_PC_PREFIX "\${pcfiledir}/${_bl_up}")
endif()

configure_file(${CMAKE_CURRENT_LIST_DIR}/batchlapack.pc.in ${CMAKE_CURRENT_BINARY_DIR}/batchlapack.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/batchlapack.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
