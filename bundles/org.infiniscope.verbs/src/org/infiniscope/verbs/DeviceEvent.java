package org.infiniscope.verbs;

/**
 * A device came or went.
 *
 * @param device the device
 * @param added true when it was added, false when it was removed
 */
public record DeviceEvent(Device device, boolean added) {
}
