#!/bin/sh
# Rebuilds ../vfw-edge.ova from the files in this folder. The result is the same bytes on
# every machine: the manifest is computed here, and the tar gets fixed owners, modes and
# times, in the order OVF requires (descriptor, manifest, then the files it references).
#
# The disks are empty qcow2 images made once with `qemu-img create -f qcow2 <file> 8G` and
# `… 20G`; they are committed so that building needs only sh, sha256sum and GNU tar.
set -eu
cd "$(dirname "$0")"
files="vfw-edge.ovf vfw-dataplane-disk1.qcow2 vfw-manager-disk1.qcow2"
: > vfw-edge.mf
for f in $files; do
    printf 'SHA256(%s)= %s\n' "$f" "$(sha256sum "$f" | cut -d' ' -f1)" >> vfw-edge.mf
done
tar --format=ustar --owner=0 --group=0 --numeric-owner --mode=0644 \
    --mtime=@1704067200 -cf ../vfw-edge.ova \
    vfw-edge.ovf vfw-edge.mf vfw-dataplane-disk1.qcow2 vfw-manager-disk1.qcow2
