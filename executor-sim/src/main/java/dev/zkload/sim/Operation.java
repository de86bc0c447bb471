package dev.zkload.sim;

import java.util.Locale;

/** A kind of ZooKeeper request the simulated sessions send, as {@link FleetSnapshot#operations()} counts them. */
public enum Operation {
    /** {@code exists}, with or without a watch. */
    EXISTS,
    /** {@code getData}, with or without a watch. */
    GET_DATA,
    /** {@code getChildren}, with or without a watch. */
    GET_CHILDREN,
    /** {@code create}, sequential or not. */
    CREATE,
    /** {@code delete}. */
    DELETE,
    /** {@code setData}. */
    SET_DATA,
    /** {@code multi}: one transaction of several operations. */
    MULTI;

    /**
     * The name meters use as their {@code kind} tag.
     *
     * @return the lower-case name: {@code exists}, {@code get_data}, …
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Whether the server answers it without a transaction.
     *
     * @return true for exists, getData and getChildren
     */
    public boolean isRead() {
        return this == EXISTS || this == GET_DATA || this == GET_CHILDREN;
    }
}
