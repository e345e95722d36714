package org.infiniscope.verbs;

import org.osgi.annotation.versioning.ProviderType;

/** An address handle ({@code struct ibv_ah}): where UD sends go. */
@ProviderType
public interface AddressHandle extends AutoCloseable {

    /** @return its address vector */
    AhAttr attr();

    @Override
    void close() throws VerbsException;
}
