/**
 * The one claim zkload puts on a root, for a fleet and a run alike: {@link dev.zkload.zk.claim.RootClaim}
 * (taken, renewed after an expiry, restored after the servers lost their data, removed), the lock's codec
 * {@link dev.zkload.zk.claim.RootLock}, and {@link dev.zkload.zk.claim.RootRefusedException}. zkload's own:
 * not part of any library's API.
 */
package dev.zkload.zk.claim;
