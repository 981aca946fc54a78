/**
 * The library's own access between its packages: the hooks a request calls on its engine, how the
 * engine creates, completes and fails requests, how a communicator submits a schedule, and what a
 * collective's own class hands its communicator (the argument rules it applies, the
 * {@code PlannedCall} it makes, the schedule cache's key). Not
 * API: applications never need it, and it may change without notice. It is public only because
 * Java has no visibility between packages short of modules (the JDK's own
 * {@code jdk.internal.access.SharedSecrets} is the model); {@code PublicApiTest} proves that the
 * members it bridges are out of reach of user code.
 */
package dev.nbc.core.internal;
