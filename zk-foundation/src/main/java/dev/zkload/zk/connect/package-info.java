/**
 * Connect strings ({@link dev.zkload.zk.connect.ConnectString}, strictly parsed, each server a
 * {@link dev.zkload.zk.connect.ServerAddress}) and why a connect gave no session
 * ({@link dev.zkload.zk.connect.ConnectDiagnosis}). zkload's own: not part of any library's API.
 */
package dev.zkload.zk.connect;
