package org.infiniscope.mad.transport;

import java.io.IOException;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Opens the {@link MadChannel} a fabric specification names, such as {@code umad}, {@code umad:mlx5_0:1} or
 * {@code ibsim:lab@h00002} (the {@code --fabric} values of the command line).
 * <p>
 * Providers register this interface as an OSGi service (whiteboard); a bundle that reaches a fabric (libibumad,
 * the embedded simulator, a vendor's transport) contributes one. A consumer that needs a channel for a
 * specification asks the providers in order of their {@code service.ranking}, highest first, then in the order
 * they were registered, and takes the first whose {@link #handles(String)} is {@code true}: a provider of higher
 * ranking can thus take over a specification from another. When none handles it, the consumer reports that no
 * provider for that kind of fabric is installed.
 */
@ConsumerType
public interface ChannelProvider {

    /**
     * Says, without opening anything, whether this provider is the one for a specification. It answers
     * {@code true} for a malformed specification of its own kind (such as {@code umad:mlx5_0}) so that
     * {@link #open(String)} can say what is wrong with it.
     *
     * @param fabric the specification, as the user typed it
     * @return whether {@link #open(String)} is the place to go for it
     */
    boolean handles(String fabric);

    /**
     * Opens a channel on the fabric.
     *
     * @param fabric a specification this provider {@link #handles(String) handles}
     * @return a channel, not started yet: hand it to {@link MadTransports#over}
     * @throws IOException when the specification is malformed (the message names the part that is wrong and the
     *         syntax expected), or the fabric cannot be reached (the message says what to install or run)
     */
    MadChannel open(String fabric) throws IOException;
}
